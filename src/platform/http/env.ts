// The app's type parameters: what middleware puts on the context.
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AuthVariables } from '../auth/middleware.ts';
import type { LimitsConfig } from '../config.ts';
import type { HeaderRecord } from './reply.ts';

/**
 * What sees a stream that a handler writes to the socket itself (sse.ts, ndjson.ts): its head when
 * it opens (its content type; default text/event-stream), then every text written. Set only while
 * answers are checked (answer-validation.ts).
 */
export interface StreamTap {
  opened(contentType?: string): void;
  wrote(text: string): void;
}

/**
 * `proxy`: how a /v1 request's address is read (set by the limits, read by clientOf);
 * `streamTap`: see StreamTap.
 */
export type AppEnv = {
  Variables: AuthVariables & { requestId?: string; headers?: HeaderRecord; proxy?: Pick<LimitsConfig, 'trustProxy' | 'proxyHops'>; streamTap?: StreamTap };
};
export type App = OpenAPIHono<AppEnv>;
