// The app's type parameters: what middleware puts on the context.
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AuthVariables } from '../auth/middleware.ts';
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
 * `address`: the client's address, decided once by the edge from TRUST_PROXY (read through
 * limits.ts `clientAddress` by every budget and cap that counts by address); `streamTap`: see StreamTap.
 */
export type AppEnv = {
  Variables: AuthVariables & { requestId?: string; headers?: HeaderRecord; address?: string; streamTap?: StreamTap };
};
export type App = OpenAPIHono<AppEnv>;
