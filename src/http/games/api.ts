// The game resource: each handler translates a request into a use case of src/games and its
// answer (or refusal) into HTTP.
import { requirePlayer } from '../../auth/middleware.ts';
import type { AppDeps } from '../deps.ts';
import { clientOf, createApi } from '../edge.ts';
import type { App } from '../env.ts';
import { eventStream } from '../sse.ts';
import { cancelGame, claimTimeout, createGame, declineGame, GameStream, getGame, getRecord, joinGame, listEvents, listGames, postMove, rematch, streamGame } from './routes.ts';

/** Whether an If-None-Match header names this ETag. */
const notModified = (header: string | undefined, etag: string) => !!header && header.split(',').some((t) => t.trim() === etag);

export function gamesApi({ games, timing, metrics }: AppDeps): App {
  const api = createApi();
  api.openAPIRegistry.register('GameEventMessage', GameStream.message);

  api.openapi(createGame, async (c) => {
    const player = requirePlayer(c);
    const view = await games.create(player.playerId, c.req.valid('json') ?? {});
    c.header('Location', `/v1/games/${view.id}`);
    return c.json(view, 201);
  });

  api.openapi(listGames, async (c) => {
    const { status, player, open, limit = 20, cursor } = c.req.valid('query');
    const openTo = open === 'true' ? (c.get('player')?.playerId ?? null) : undefined;
    return c.json(await games.lobby({ status, playerId: player, openTo, limit, cursor }), 200);
  });

  api.openapi(cancelGame, async (c) => {
    await games.cancel(c.req.valid('param').gameId, requirePlayer(c).playerId);
    return c.body(null, 204);
  });

  api.openapi(declineGame, async (c) => {
    await games.decline(c.req.valid('param').gameId, requirePlayer(c).playerId);
    return c.body(null, 204);
  });

  api.openapi(getGame, async (c) => {
    const { gameId } = c.req.valid('param');
    const { waitForVersion } = c.req.valid('query');
    const wait =
      waitForVersion === undefined ? undefined : { version: waitForVersion, timeoutMs: timing.longPollMs, signal: c.req.raw.signal, client: clientOf(c) };
    const { game, viewer } = await games.read(gameId, c.get('player')?.playerId, wait);
    const etag = `W/"${game.row.version}-${viewer}"`;
    c.header('ETag', etag);
    c.header('Vary', 'Authorization');
    c.header('Cache-Control', 'no-cache');
    if (notModified(c.req.header('If-None-Match'), etag)) return c.body(null, 304);
    return c.json(await games.view(game, viewer), 200);
  });

  api.openapi(joinGame, async (c) => {
    const player = requirePlayer(c);
    return c.json(await games.join(c.req.valid('param').gameId, player.playerId), 200);
  });

  api.openapi(postMove, async (c) => {
    const player = requirePlayer(c);
    const { gameId } = c.req.valid('param');
    const key = c.req.valid('header')['idempotency-key'];
    const answer = await games.move(gameId, player.playerId, c.req.valid('json'), key, c.get('requestId'));
    metrics.moved(answer.view.config.variant);
    return c.json(answer, 200);
  });

  api.openapi(listEvents, async (c) => {
    const { after = 0 } = c.req.valid('query');
    return c.json(await games.log(c.req.valid('param').gameId, c.get('player')?.playerId, after), 200);
  });

  api.openapi(getRecord, async (c) => c.json(await games.record(c.req.valid('param').gameId), 200));

  api.openapi(streamGame, async (c) => {
    const lastId = c.req.valid('header')['last-event-id'];
    const after = lastId !== undefined ? Number(lastId) : (c.req.valid('query').after ?? 0);
    const feed = await games.feed(c.req.valid('param').gameId, c.get('player')?.playerId, after, clientOf(c));
    return eventStream(c, timing.heartbeatMs, feed, metrics);
  });

  api.openapi(claimTimeout, async (c) => {
    const player = requirePlayer(c);
    return c.json(await games.claimTimeout(c.req.valid('param').gameId, player.playerId, c.get('requestId')), 200);
  });

  api.openapi(rematch, async (c) => {
    const player = requirePlayer(c);
    const { created, view } = await games.rematch(c.req.valid('param').gameId, player.playerId);
    c.header('Location', `/v1/games/${view.id}`);
    return created ? c.json(view, 201) : c.json(view, 200);
  });

  return api;
}
