// The pairing pool: each handler translates a request into a use case of src/seeks.
import { requirePlayer } from '../platform/auth/middleware.ts';
import type { SeekService } from './service.ts';
import { createApi } from '../platform/http/edge.ts';
import type { App } from '../platform/http/env.ts';
import { operation } from '../platform/http/operation.ts';
import { empty, respond, setHeader } from '../platform/http/reply.ts';
import { createSeek, getSeek, listSeeks, withdrawSeek } from './routes.ts';

/** What the seeks routes are built from. */
export interface SeeksApiDeps {
  seeks: SeekService;
}

export function seeksApi({ seeks }: SeeksApiDeps): App {
  const api = createApi();

  operation(api, createSeek, async (c) => {
    const seek = await seeks.seek(requirePlayer(c).playerId, c.req.valid('json'), c.req.valid('header')['idempotency-key']);
    setHeader(c, 'Location', `/v1/seeks/${seek.seekId}`);
    return respond(c, seek, 201);
  });

  operation(api, listSeeks, async (c) => {
    const { limit = 20, cursor } = c.req.valid('query');
    return respond(c, await seeks.pool({ limit, cursor }), 200);
  });

  operation(api, getSeek, async (c) => {
    setHeader(c, 'Cache-Control', 'no-cache');
    return respond(c, await seeks.get(c.req.valid('param').seekId), 200);
  });

  operation(api, withdrawSeek, async (c) => {
    await seeks.withdraw(c.req.valid('param').seekId, requirePlayer(c).playerId);
    return empty(c, 204);
  });

  return api;
}
