// The pairing pool: each handler translates a request into a use case of src/seeks.
import { requirePlayer } from '../platform/auth/middleware.ts';
import type { SeekService } from './service.ts';
import type { PlatformDeps } from '../platform/http/deps.ts';
import { createApi } from '../platform/http/edge.ts';
import type { App } from '../platform/http/env.ts';
import { operation } from '../platform/http/operation.ts';
import { empty, respond, setHeader } from '../platform/http/reply.ts';
import { foundOrNull, idempotentCreate } from '../platform/http/idempotent-create.ts';
import { createSeek, getSeek, listSeeks, withdrawSeek } from './routes.ts';
import type { SeekView } from './view.ts';

/** What the seeks routes are built from. */
export interface SeeksApiDeps extends Pick<PlatformDeps, 'createAnswers' | 'log'> {
  seeks: SeekService;
}

export function seeksApi({ seeks, createAnswers, log }: SeeksApiDeps): App {
  const api = createApi();
  const creates = { store: createAnswers, log };

  operation(api, createSeek, async (c) => {
    const player = requirePlayer(c);
    const body = c.req.valid('json');
    // A repeat gets the seek as first answered (`waiting`, say, though paired since): GET
    // /v1/seeks/{seekId} says how it is now.
    const made = (seek: SeekView) => ({ body: seek, location: `/v1/seeks/${seek.seekId}` });
    return idempotentCreate(c, creates, {
      operation: 'createSeek',
      request: body,
      make: async (id) => made(await seeks.seek(player.playerId, body, id)),
      find: (id) => foundOrNull(async () => made(await seeks.get(id))),
    });
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
