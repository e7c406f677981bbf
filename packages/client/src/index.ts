// The Offiziersskat client: the API's types generated from openapi/openapi.json (openapi-fetch
// as the typed fetch), and a thin layer over them — one method per call, a refusal as an
// `ApiError`, moves with `expectedVersion` and an `Idempotency-Key`, retries as the service's
// `Retry-After` says, long polls and Server-Sent Events with typed `GameEvent`s, a token renewed
// by itself before it ends (identity.ts), accounts and tokens (accounts.ts), and third-party apps:
// the person's approvals (apps.ts) and an app's PKCE and device sign-in (oauth.ts).
// It runs in browsers and in Node 20 (no node: imports); the transport is the `fetch` option.
export type { components, paths } from './generated/api-types.ts';
export { ApiError, isApiError, isAbort, tokenRefusal, type Problem, type TokenRefusal } from './errors.ts';
export { Identity, claimsOf, type RenewalOptions, type RenewedToken, type TokenClaims } from './identity.ts';
export * as accounts from './accounts.ts';
export type { AccountToken, NewToken, OnlineBot, Scope, Session, TokenInfo } from './accounts.ts';
export * as apps from './apps.ts';
export * as oauth from './oauth.ts';
export type { DeviceAuthorization, OAuthTokens } from './oauth.ts';
export type { App as ApprovedApp, DeviceRequest } from './apps.ts';
export type { GameEvent, GameEventType, LoggedEvent, LoggedMatchEvent, MatchEvent } from './events.ts';
export { DEFAULT_RETRY, backoffMs, retryAfterMs, retryDelay, retryingFetch, type RetryPolicy } from './retry.ts';
export { DEFAULT_STREAM_IDLE_MS, SseParser, readEventStream, type SseMessage } from './sse.ts';
export { DEFAULT_TIMEOUT_MS, LONG_POLL_MS, TimeoutError, timedFetch } from './timeout.ts';
export { playGame, waitForVersion, type MoveAck, type PlayHooks } from './game.ts';
export { SeekKeeper, type SeekKeeperOptions } from './seeker.ts';
export * as players from './player.ts';
export type * from './types.ts';
export * from './client.ts';
