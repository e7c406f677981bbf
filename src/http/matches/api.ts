// The match resource: each handler translates a request into a use case of src/matches.
import { requirePlayer } from '../../auth/middleware.ts';
import type { AppDeps } from '../deps.ts';
import { clientOf, createApi } from '../edge.ts';
import type { App } from '../env.ts';
import { eventStream } from '../sse.ts';
import { cancelMatch, createMatch, declineMatch, getMatch, joinMatch, listMatchEvents, MatchStream, streamMatch } from './routes.ts';

export function matchesApi({ matches, timing, metrics }: AppDeps): App {
  const api = createApi();
  api.openAPIRegistry.register('MatchEventMessage', MatchStream.message);

  api.openapi(createMatch, async (c) => {
    const player = requirePlayer(c);
    const view = await matches.create(player.playerId, c.req.valid('json'));
    c.header('Location', `/v1/matches/${view.id}`);
    return c.json(view, 201);
  });

  api.openapi(getMatch, async (c) => {
    const view = await matches.read(c.req.valid('param').matchId);
    c.header('Cache-Control', 'no-cache');
    return c.json(view, 200);
  });

  api.openapi(joinMatch, async (c) => {
    const player = requirePlayer(c);
    return c.json(await matches.join(c.req.valid('param').matchId, player.playerId), 200);
  });

  api.openapi(listMatchEvents, async (c) => {
    const { after = 0 } = c.req.valid('query');
    return c.json(await matches.log(c.req.valid('param').matchId, after), 200);
  });

  api.openapi(streamMatch, async (c) => {
    const lastId = c.req.valid('header')['last-event-id'];
    const after = lastId !== undefined ? Number(lastId) : (c.req.valid('query').after ?? 0);
    const feed = await matches.feed(c.req.valid('param').matchId, after, clientOf(c));
    return eventStream(c, timing.heartbeatMs, feed, metrics);
  });

  api.openapi(cancelMatch, async (c) => {
    await matches.cancel(c.req.valid('param').matchId, requirePlayer(c).playerId);
    return c.body(null, 204);
  });

  api.openapi(declineMatch, async (c) => {
    await matches.decline(c.req.valid('param').matchId, requirePlayer(c).playerId);
    return c.body(null, 204);
  });

  return api;
}
