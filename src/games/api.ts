// The game resource: each handler translates a request into a use case of src/games and its
// answer (or refusal) into HTTP.
import { requirePlayer } from '../platform/auth/middleware.ts';
import type { GameService } from './service.ts';
import type { PlatformDeps } from '../platform/http/deps.ts';
import { clientOf, createApi } from '../platform/http/edge.ts';
import type { App } from '../platform/http/env.ts';
import { eventStream } from '../platform/http/sse.ts';
import { cancelGame, claimTimeout, createGame, declineGame, GameStream, getGame, getRecord, joinGame, listEvents, listGames, postMove, rematch, streamGame } from './routes.ts';
import { empty, respond, setHeader } from '../platform/http/reply.ts';
import { operation } from '../platform/http/operation.ts';
import { gone } from '../platform/http/gone.ts';
import { foundOrNull, idempotentCreate } from '../platform/http/idempotent-create.ts';
import { isMinimal } from './view.ts';
import type { Context } from 'hono';
import type { GameView } from './view.ts';

/** A `Prefer` header asking for `return=minimal` (RFC 7240: preferences are a list, tokens case-insensitive). */
const wantsMinimal = (prefer: string | undefined) => !!prefer && /(^|[,;\s])return\s*=\s*"?minimal"?\s*(;|,|$)/i.test(prefer);

/** A move's 204: the new version in the ETag (as GET /v1/games/{gameId} names it for this viewer). */
function minimalMove(c: Context, version: number, viewer: string) {
  setHeader(c, 'ETag', `W/"${version}-${viewer}"`);
  setHeader(c, 'Preference-Applied', 'return=minimal');
  return empty(c, 204);
}

/** Whether an If-None-Match header names this ETag. */
const notModified = (header: string | undefined, etag: string) => !!header && header.split(',').some((t) => t.trim() === etag);

/** What the games routes are built from. */
export interface GamesApiDeps extends Pick<PlatformDeps, 'timing' | 'metrics' | 'createAnswers' | 'log'> {
  games: GameService;
}

export function gamesApi({ games, timing, metrics, createAnswers, log }: GamesApiDeps): App {
  const api = createApi();
  const creates = { store: createAnswers, log };
  api.openAPIRegistry.register('GameEventMessage', GameStream.message);

  operation(api, createGame, async (c) => {
    const player = requirePlayer(c);
    const body = c.req.valid('json') ?? {};
    const made = (view: GameView) => ({ body: view, location: `/v1/games/${view.id}` });
    return idempotentCreate(c, creates, {
      operation: 'createGame',
      request: body,
      make: async (id) => made(await games.create(player.playerId, body, id)),
      find: (id) => foundOrNull(async () => made(await games.viewFor(id, player.playerId))),
    });
  });

  operation(api, listGames, async (c) => {
    const { status, player, open, limit = 20, cursor } = c.req.valid('query');
    const openTo = open === 'true' ? (c.get('player')?.playerId ?? null) : undefined;
    return respond(c, await games.lobby({ status, playerId: player, openTo, limit, cursor }), 200);
  });

  operation(api, cancelGame, async (c) => {
    await games.cancel(c.req.valid('param').gameId, requirePlayer(c).playerId);
    return empty(c, 204);
  });

  operation(api, declineGame, async (c) => {
    await games.decline(c.req.valid('param').gameId, requirePlayer(c).playerId);
    return empty(c, 204);
  });

  operation(api, getGame, async (c) => {
    const { gameId } = c.req.valid('param');
    const { waitForVersion } = c.req.valid('query');
    const wait =
      waitForVersion === undefined ? undefined : { version: waitForVersion, timeoutMs: timing.longPollMs, cancel: gone(c), client: clientOf(c) };
    const { game, viewer } = await games.read(gameId, c.get('player')?.playerId, wait);
    const etag = `W/"${game.row.version}-${viewer}"`;
    setHeader(c, 'ETag', etag);
    setHeader(c, 'Vary', 'Authorization', { append: true });
    setHeader(c, 'Cache-Control', 'no-cache');
    if (notModified(c.req.header('If-None-Match'), etag)) return empty(c, 304);
    return respond(c, await games.view(game, viewer), 200);
  });

  operation(api, joinGame, async (c) => {
    const player = requirePlayer(c);
    return respond(c, await games.join(c.req.valid('param').gameId, player.playerId), 200);
  });

  operation(api, postMove, async (c) => {
    const player = requirePlayer(c);
    const { gameId } = c.req.valid('param');
    const { 'idempotency-key': key, prefer } = c.req.valid('header');
    const answer = await games.move(gameId, player.playerId, c.req.valid('json'), key, c.get('requestId'), wantsMinimal(prefer));
    if (!isMinimal(answer)) {
      metrics.moved(answer.view.config.variant);
      // Asked minimal with a key first sent without: the version is all that is sent again.
      if (!wantsMinimal(prefer)) return respond(c, answer, 200);
      return minimalMove(c, answer.version, answer.view.you ?? 'spectator');
    }
    metrics.moved(answer.variant);
    return minimalMove(c, answer.version, answer.viewer);
  });

  operation(api, listEvents, async (c) => {
    const { after = 0 } = c.req.valid('query');
    return respond(c, await games.log(c.req.valid('param').gameId, c.get('player')?.playerId, after), 200);
  });

  operation(api, getRecord, async (c) => respond(c, await games.record(c.req.valid('param').gameId), 200));

  operation(api, streamGame, async (c) => {
    const lastId = c.req.valid('header')['last-event-id'];
    const query = c.req.valid('query');
    const after = lastId !== undefined ? Number(lastId) : (query.after ?? 0);
    const feed = await games.feed(c.req.valid('param').gameId, c.get('player')?.playerId, after, clientOf(c), { views: query.views === 'true' });
    return eventStream(c, timing.heartbeatMs, feed, metrics, log);
  });

  operation(api, claimTimeout, async (c) => {
    const player = requirePlayer(c);
    return respond(c, await games.claimTimeout(c.req.valid('param').gameId, player.playerId, c.get('requestId')), 200);
  });

  operation(api, rematch, async (c) => {
    const player = requirePlayer(c);
    const { created, view } = await games.rematch(c.req.valid('param').gameId, player.playerId);
    setHeader(c, 'Location', `/v1/games/${view.id}`);
    return created ? respond(c, view, 201) : respond(c, view, 200);
  });

  return api;
}
