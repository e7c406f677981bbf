// POST /v1/games/{gameId}/moves: load, decide, append in one guarded write, answer.
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { decide, evolve, type Move, type Seat } from '../../engine/index.ts';
import { requirePlayer } from '../../auth/middleware.ts';
import { IdempotencyConflictError, VersionConflictError } from '../../db/errors.ts';
import type { Store } from '../../db/store.ts';
import type { AppDeps } from '../deps.ts';
import type { App } from '../env.ts';
import { engineProblem } from '../errors.ts';
import { ProblemError } from '../problem.ts';
import { gameView, playersOf, readGame, seatOf, statusOf, type LoadedGame } from './game.ts';
import { loggedEvents } from './handlers.ts';
import { afterGameFinished } from '../matches/advance.ts';
import { postMove } from './routes.ts';

const requestHash = (gameId: string, body: unknown) =>
  createHash('sha256').update(JSON.stringify([gameId, body])).digest('hex');

/** The answer already given for this idempotency key, if any (or a 422 for another body). */
async function replayed(store: Store, playerId: string, key: string, hash: string) {
  const stored = await store.getIdempotent(playerId, key);
  if (!stored) return null;
  if (stored.requestHash !== hash)
    throw new ProblemError(422, 'IDEMPOTENCY_KEY_REUSED', 'this Idempotency-Key was used with another request');
  return stored;
}

/**
 * A move's answer as sent. The first answer is stored as this very JSON text (a jsonb object
 * would come back with its keys reordered), so a replay is the first answer byte for byte.
 */
function answerResponse(c: Context, status: number, body: unknown): Response {
  return c.body(typeof body === 'string' ? body : JSON.stringify(body), status as 200, { 'Content-Type': 'application/json' });
}

async function conflict(deps: AppDeps, gameId: string, seat: Seat, detail: string): Promise<never> {
  const game = await readGame(deps.store, deps.games, gameId);
  throw new ProblemError(409, 'VERSION_CONFLICT', detail, {
    version: game.row.version,
    view: gameView(game, seat, await playersOf(deps.store, [game.row])),
  });
}

/** A refusal decided on the cached copy: checked again on a fresh read before it is sent. */
class StaleCopy extends Error {}

export function registerMoveRoute(app: App, deps: AppDeps) {
  const { store, random, notifier, now, games } = deps;
  app.openapi(postMove, async (c) => {
    const player = requirePlayer(c);
    const { gameId } = c.req.valid('param');
    const body = c.req.valid('json');
    const key = c.req.valid('header')['idempotency-key'];
    const hash = key ? requestHash(gameId, body) : '';
    if (key) {
      const first = await replayed(store, player.playerId, key, hash);
      if (first) return answerResponse(c, first.status, first.body) as never;
    }
    // A cut left open is the server's to choose (the player gives up that part of fairness).
    const sent = body.move;
    const move: Move = sent.type === 'cut' ? { type: 'cut', at: sent.at ?? random.cut() } : sent;

    /**
     * Decides on `game` and appends. With `cached`, whatever would be refused (or lost to the
     * version guard) throws StaleCopy instead, so that only a fresh read can refuse a move.
     */
    const attempt = async (game: LoadedGame, cached: boolean): Promise<Response> => {
      const refuse = (problem: ProblemError): never => {
        throw cached ? new StaleCopy() : problem;
      };
      const seat = seatOf(game.row, player.playerId);
      if (!seat) return refuse(new ProblemError(403, 'NOT_A_PLAYER', 'you do not sit at this game'));
      if (statusOf(game.row, game.state) === 'waiting')
        return refuse(new ProblemError(422, 'GAME_NOT_STARTED', 'the game starts when the second player joins'));
      const version = game.row.version;
      if (body.expectedVersion !== undefined && body.expectedVersion !== version) {
        if (cached) throw new StaleCopy();
        await conflict(deps, gameId, seat, `the game is at version ${version}, not ${body.expectedVersion}`);
      }

      const decision = decide(game.state, seat, move);
      if (!decision.ok) return refuse(engineProblem(decision.error));

      const state = decision.events.reduce(evolve, game.state);
      const status = statusOf(game.row, state);
      const at = now();
      const after: LoadedGame = { ...game, state, events: [...game.events, ...decision.events], row: { ...game.row, version: version + decision.events.length, status, updatedAt: at } };
      const finished = state.phase === 'finished';
      const names = await playersOf(store, [game.row]);
      const answer = {
        version: after.row.version,
        view: gameView(after, seat, names),
        events: loggedEvents(after.events, seat, finished, version),
      };
      const text = JSON.stringify(answer);
      try {
        const append = { gameId, expectedVersion: version, events: decision.events, status, at };
        if (key) await store.appendEvents({ ...append, idempotency: { playerId: player.playerId, key, requestHash: hash, status: 200, body: text } });
        else await store.appendMove(append);
      } catch (e) {
        // The same key sent twice at once: the other request made the move (its append came
        // first, so this one found the version moved); answer with what it answered.
        if ((e instanceof IdempotencyConflictError || e instanceof VersionConflictError) && key) {
          const first = await replayed(store, player.playerId, key, hash);
          if (first) return answerResponse(c, first.status, first.body);
        }
        if (e instanceof VersionConflictError || e instanceof IdempotencyConflictError) {
          if (cached) throw new StaleCopy();
          await conflict(deps, gameId, seat, 'another move was made first');
        }
        throw e;
      }
      games.put(after);
      await notifier.publish(gameId, answer.version);
      if (finished) await afterGameFinished(deps, game.row);
      return answerResponse(c, 200, text);
    };

    const copy = games.current(gameId);
    if (copy) {
      try {
        return (await attempt(copy, true)) as never;
      } catch (e) {
        if (!(e instanceof StaleCopy)) throw e;
      }
    }
    return (await attempt(await readGame(store, games, gameId), false)) as never;
  });
}
