// Create, list, read, join, events and record: thin glue between the store and the engine.
import { DEFAULT_CONFIG, seedCommitment, viewEvent, type GameEvent, type Viewer } from '../../engine/index.ts';
import { requirePlayer } from '../../auth/middleware.ts';
import { InvalidCursorError, VersionConflictError } from '../../db/errors.ts';
import type { AppDeps } from '../deps.ts';
import type { App } from '../env.ts';
import { ProblemError } from '../problem.ts';
import { gameView, loadGame, playerRefs, playersOf, seatOf, statusOf, type LoadedGame, readGame } from './game.ts';
import { createGame, getGame, getRecord, joinGame, listEvents, listGames } from './routes.ts';
import { registerMoveRoute } from './moves.ts';
import { registerStreamRoute } from './stream.ts';
import { loadPast } from './wait.ts';

/** Events as `viewer` may see them, numbered by their sequence. */
export function loggedEvents(events: GameEvent[], viewer: Viewer, finished: boolean, after = 0) {
  const out = [];
  for (let i = after; i < events.length; i++) out.push({ seq: i + 1, event: viewEvent(events[i], viewer, finished) });
  return out;
}

export function registerGameRoutes(app: App, deps: AppDeps) {
  const { store, random, notifier, timing, now } = deps;

  app.openapi(createGame, async (c) => {
    const player = requirePlayer(c);
    const body = c.req.valid('json') ?? {};
    if (body.opponent !== undefined) {
      if (body.opponent === player.playerId)
        throw new ProblemError(422, 'INVALID_OPPONENT', 'you cannot reserve the other seat for yourself');
      if (!(await store.getPlayer(body.opponent)))
        throw new ProblemError(422, 'INVALID_OPPONENT', 'there is no player with that id');
    }
    const practice = body.seed !== undefined;
    const serverSeed = practice ? body.seed!.toLowerCase() : random.serverSeed();
    const config = {
      variant: body.variant ?? DEFAULT_CONFIG.variant,
      scoring: body.scoring ?? DEFAULT_CONFIG.scoring,
      spitzen: body.spitzen ?? DEFAULT_CONFIG.spitzen,
      kontra: body.kontra ?? DEFAULT_CONFIG.kontra,
      ramschTrumps: body.ramschTrumps ?? DEFAULT_CONFIG.ramschTrumps,
      practice,
    };
    const seat = body.seat ?? random.seat();
    const id = crypto.randomUUID();
    const at = now();
    const seated: GameEvent = { type: 'seated', seat, playerId: player.playerId };
    await store.createGame({
      id,
      config,
      status: 'waiting',
      serverSeed,
      seedCommitment: seedCommitment(serverSeed),
      forehandPlayerId: seat === 'forehand' ? player.playerId : null,
      dealerPlayerId: seat === 'dealer' ? player.playerId : null,
      reservedPlayerId: body.opponent ?? null,
      turnSeconds: body.turnSeconds ?? null,
      createdAt: at,
      updatedAt: at,
      events: [seated],
    });
    const game = await loadGame(store, id);
    c.header('Location', `/v1/games/${id}`);
    return c.json(gameView(game, seat, await playersOf(store, [game.row])), 201);
  });

  app.openapi(listGames, async (c) => {
    const { status, limit = 20, cursor } = c.req.valid('query');
    if (limit < 1 || limit > 100) throw new ProblemError(400, 'VALIDATION_FAILED', '"limit" is 1..100', { errors: [{ path: 'limit', message: 'between 1 and 100' }] });
    let page;
    try {
      page = await store.listGames({ status, limit, cursor });
    } catch (e) {
      if (e instanceof InvalidCursorError) throw new ProblemError(400, 'INVALID_CURSOR', 'the cursor was not handed out by this service');
      throw e;
    }
    const names = await playersOf(store, page.games);
    return c.json(
      {
        games: page.games.map((row) => ({
          id: row.id,
          status: row.status,
          config: row.config,
          players: playerRefs(row, names),
          reservedFor: row.reservedPlayerId,
          version: row.version,
          createdAt: row.createdAt.toISOString(),
        })),
        nextCursor: page.nextCursor,
      },
      200,
    );
  });

  app.openapi(getGame, async (c) => {
    const { gameId } = c.req.valid('param');
    const { waitForVersion } = c.req.valid('query');
    const game =
      waitForVersion === undefined
        ? await readGame(store, deps.games, gameId)
        : await loadPast(deps, gameId, waitForVersion, timing.longPollMs, c.req.raw.signal);
    const viewer: Viewer = seatOf(game.row, c.var.player?.playerId) ?? 'spectator';
    const etag = `W/"${game.row.version}-${viewer}"`;
    c.header('ETag', etag);
    c.header('Vary', 'Authorization');
    c.header('Cache-Control', 'no-cache');
    const inm = c.req.header('If-None-Match');
    if (inm && inm.split(',').some((t) => t.trim() === etag)) return c.body(null, 304);
    return c.json(gameView(game, viewer, await playersOf(store, [game.row])), 200);
  });

  app.openapi(joinGame, async (c) => {
    const player = requirePlayer(c);
    const { gameId } = c.req.valid('param');
    const game = await loadGame(store, gameId);
    const { row } = game;
    if (seatOf(row, player.playerId)) throw new ProblemError(409, 'ALREADY_SEATED', 'you already sit at this game');
    if (statusOf(row, game.state) !== 'waiting') throw new ProblemError(409, 'SEAT_TAKEN', 'both seats are taken');
    if (row.reservedPlayerId && row.reservedPlayerId !== player.playerId)
      throw new ProblemError(403, 'SEAT_RESERVED', 'the free seat is reserved for another player');
    const seat = row.forehandPlayerId ? 'dealer' : 'forehand';
    try {
      await store.appendEvents({
        gameId,
        expectedVersion: row.version,
        events: [{ type: 'seated', seat, playerId: player.playerId }],
        status: game.state.phase,
        patch: { [seat === 'forehand' ? 'forehandPlayerId' : 'dealerPlayerId']: player.playerId, reservedPlayerId: null },
        at: now(),
      });
    } catch (e) {
      if (e instanceof VersionConflictError) throw new ProblemError(409, 'SEAT_TAKEN', 'someone else took the seat first');
      throw e;
    }
    const joined = await readGame(store, deps.games, gameId);
    await notifier.publish(gameId, joined.row.version);
    return c.json(gameView(joined, seat, await playersOf(store, [joined.row])), 200);
  });

  app.openapi(listEvents, async (c) => {
    const { gameId } = c.req.valid('param');
    const { after = 0 } = c.req.valid('query');
    const game = await loadGame(store, gameId);
    const viewer: Viewer = seatOf(game.row, c.var.player?.playerId) ?? 'spectator';
    const finished = game.state.phase === 'finished';
    return c.json(
      { version: game.row.version, finished, events: loggedEvents(game.events, viewer, finished, Math.min(after, game.events.length)) },
      200,
    );
  });

  app.openapi(getRecord, async (c) => {
    const { gameId } = c.req.valid('param');
    const game: LoadedGame = await loadGame(store, gameId);
    const result = game.state.result;
    if (!result) throw new ProblemError(404, 'RECORD_NOT_AVAILABLE', 'the record is published when the game is finished');
    return c.json(
      {
        id: game.row.id,
        config: game.row.config,
        serverSeed: game.row.serverSeed,
        seedCommitment: game.row.seedCommitment,
        cut: game.state.cut,
        players: playerRefs(game.row, await playersOf(store, [game.row])),
        events: loggedEvents(game.events, 'spectator', true),
        result,
      },
      200,
    );
  });

  registerMoveRoute(app, deps);
  registerStreamRoute(app, deps);
}

