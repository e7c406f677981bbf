// The match resource: each handler translates a request into a use case of src/matches.
import { requirePlayer } from '../platform/auth/middleware.ts';
import type { MatchService } from './service.ts';
import type { PlatformDeps } from '../platform/http/deps.ts';
import { clientOf, createApi } from '../platform/http/edge.ts';
import type { App } from '../platform/http/env.ts';
import { eventStream } from '../platform/http/sse.ts';
import { cancelMatch, createMatch, declineMatch, getMatch, joinMatch, listMatchEvents, listMatches, MatchStream, streamMatch } from './routes.ts';
import { empty, respond, setHeader } from '../platform/http/reply.ts';
import { operation } from '../platform/http/operation.ts';
import { foundOrNull, idempotentCreate } from '../platform/http/idempotent-create.ts';
import type { MatchView } from './view.ts';

/** What the matches routes are built from. */
export interface MatchesApiDeps extends Pick<PlatformDeps, 'timing' | 'metrics' | 'createAnswers' | 'log'> {
  matches: MatchService;
}

export function matchesApi({ matches, timing, metrics, createAnswers, log }: MatchesApiDeps): App {
  const api = createApi();
  const creates = { store: createAnswers, log };
  api.openAPIRegistry.register('MatchEventMessage', MatchStream.message);

  operation(api, createMatch, async (c) => {
    const player = requirePlayer(c);
    const body = c.req.valid('json');
    const made = (view: MatchView) => ({ body: view, location: `/v1/matches/${view.id}` });
    return idempotentCreate(c, creates, {
      operation: 'createMatch',
      request: body,
      make: async (id) => made(await matches.create(player.playerId, body, id)),
      find: (id) => foundOrNull(async () => made(await matches.read(id))),
    });
  });

  operation(api, listMatches, async (c) => {
    const { status = 'waiting', limit = 20, cursor } = c.req.valid('query');
    return respond(c, await matches.lobby({ status, limit, cursor }), 200);
  });

  operation(api, getMatch, async (c) => {
    const view = await matches.read(c.req.valid('param').matchId);
    setHeader(c, 'Cache-Control', 'no-cache');
    return respond(c, view, 200);
  });

  operation(api, joinMatch, async (c) => {
    const player = requirePlayer(c);
    return respond(c, await matches.join(c.req.valid('param').matchId, player.playerId), 200);
  });

  operation(api, listMatchEvents, async (c) => {
    const { after = 0 } = c.req.valid('query');
    return respond(c, await matches.log(c.req.valid('param').matchId, after), 200);
  });

  operation(api, streamMatch, async (c) => {
    const lastId = c.req.valid('header')['last-event-id'];
    const after = lastId !== undefined ? Number(lastId) : (c.req.valid('query').after ?? 0);
    const feed = await matches.feed(c.req.valid('param').matchId, after, clientOf(c));
    return eventStream(c, timing.heartbeatMs, feed, metrics, log);
  });

  operation(api, cancelMatch, async (c) => {
    await matches.cancel(c.req.valid('param').matchId, requirePlayer(c).playerId);
    return empty(c, 204);
  });

  operation(api, declineMatch, async (c) => {
    await matches.decline(c.req.valid('param').matchId, requirePlayer(c).playerId);
    return empty(c, 204);
  });

  return api;
}
