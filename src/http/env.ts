// The app's type parameters: what middleware puts on the context.
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AuthVariables } from '../auth/middleware.ts';
import type { LimitsConfig } from '../config.ts';
import type { HeaderRecord } from './reply.ts';

/** `proxy`: how a /v1 request's address is read (set by the limits, read by clientOf). */
export type AppEnv = { Variables: AuthVariables & { requestId?: string; headers?: HeaderRecord; proxy?: Pick<LimitsConfig, 'trustProxy' | 'proxyHops'> } };
export type App = OpenAPIHono<AppEnv>;
