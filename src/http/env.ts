// The app's type parameters: what middleware puts on the context.
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AuthVariables } from '../auth/middleware.ts';
import type { HeaderRecord } from './reply.ts';

export type AppEnv = { Variables: AuthVariables & { requestId?: string; headers?: HeaderRecord } };
export type App = OpenAPIHono<AppEnv>;
