// The Offiziersskat client: the API's types generated from openapi/openapi.json (openapi-fetch
// as the typed fetch), and a thin layer over them — one method per call, a refusal as an
// `ApiError`, moves with `expectedVersion` and an `Idempotency-Key`, retries as the service's
// `Retry-After` says, long polls and Server-Sent Events with typed `GameEvent`s.
// It runs in browsers and in Node 20 (no node: imports); the transport is the `fetch` option.
export type { components, paths } from './generated/api-types.ts';
export { ApiError, isApiError, isAbort, type Problem } from './errors.ts';
export type { GameEvent, GameEventType, LoggedEvent, LoggedMatchEvent, MatchEvent } from './events.ts';
export { DEFAULT_RETRY, backoffMs, retryAfterMs, retryDelay, retryingFetch, type RetryPolicy } from './retry.ts';
export { SseParser, readEventStream, type SseMessage } from './sse.ts';
export { playGame, waitForVersion, type MoveAck, type PlayHooks } from './game.ts';
export * as players from './player.ts';
export type * from './types.ts';
export * from './client.ts';
