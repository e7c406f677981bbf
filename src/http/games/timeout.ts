// POST /v1/games/{gameId}/claim-timeout: after the deadline, the waiting player ends the game.
// No timers anywhere: the deadline is checked when someone claims it. The claim is appended
// with the same version guard as a move, so a racing move and claim never both succeed; a
// move that comes late but before any claim is still accepted.
import { createRoute } from '@hono/zod-openapi';
import { requirePlayer } from '../../auth/middleware.ts';
import { timeOut } from '../../engine/index.ts';
import { VersionConflictError } from '../../db/errors.ts';
import type { AppDeps } from '../deps.ts';
import type { App } from '../env.ts';
import { engineProblem } from '../errors.ts';
import { afterGameFinished } from '../matches/advance.ts';
import { ProblemError } from '../problem.ts';
import { bearer, problem } from '../responses.ts';
import { GameIdParam, ViewSchema } from '../schemas.ts';
import { deadlineOf } from './deadline.ts';
import { gameView, loadGame, playersOf, seatOf, statusOf } from './game.ts';

export const claimTimeout = createRoute({
  method: 'post',
  path: '/v1/games/{gameId}/claim-timeout',
  tags: ['games'],
  summary: 'Claim the game after the player to move let the deadline pass',
  description:
    "Only the waiting player, only after `deadline` (the game's `updatedAt` + `turnSeconds`). The player to move is scored as if it had resigned. A move made before the claim wins the race; then the claim answers 409 or 422.",
  security: bearer,
  request: { params: GameIdParam },
  responses: {
    200: { description: 'The finished game, as the claimer sees it', content: { 'application/json': { schema: ViewSchema } } },
    400: problem('Malformed path (VALIDATION_FAILED)'),
    401: problem('No, bad or expired token (INVALID_TOKEN, TOKEN_EXPIRED)'),
    403: problem('NOT_A_PLAYER: you do not sit at this game'),
    404: problem('No such game (GAME_NOT_FOUND)'),
    409: problem('VERSION_CONFLICT: a move was made meanwhile (with the current view)'),
    413: problem('Body over 16 KiB (PAYLOAD_TOO_LARGE)'),
    415: problem('A body that is not application/json (UNSUPPORTED_MEDIA_TYPE)'),
    422: problem(
      'NO_DEADLINE: the game has no turnSeconds; DEADLINE_NOT_REACHED: not yet (with `deadline`); YOUR_TURN: you are the player to move; GAME_NOT_STARTED; GAME_FINISHED',
    ),
  },
});

export function registerTimeoutRoute(app: App, deps: AppDeps) {
  const { store, notifier, now } = deps;
  app.openapi(claimTimeout, async (c) => {
    const player = requirePlayer(c);
    const { gameId } = c.req.valid('param');
    const game = await loadGame(store, gameId);
    const { row, state } = game;
    const seat = seatOf(row, player.playerId);
    if (!seat) throw new ProblemError(403, 'NOT_A_PLAYER', 'you do not sit at this game');
    if (statusOf(row, state) === 'waiting')
      throw new ProblemError(422, 'GAME_NOT_STARTED', 'the game starts when the second player joins');
    if (state.phase === 'finished' || state.toMove === null) throw new ProblemError(422, 'GAME_FINISHED', 'the game is over');
    const deadline = deadlineOf(row, true);
    if (!deadline) throw new ProblemError(422, 'NO_DEADLINE', 'this game was created without turnSeconds');
    if (state.toMove === seat)
      throw new ProblemError(422, 'YOUR_TURN', 'you are the player to move: only the waiting player can claim a timeout');
    const at = now();
    if (at.getTime() < deadline.getTime())
      throw new ProblemError(422, 'DEADLINE_NOT_REACHED', `the player to move has until ${deadline.toISOString()}`, {
        deadline: deadline.toISOString(),
      });

    const decision = timeOut(state, state.toMove);
    if (!decision.ok) throw engineProblem(decision.error);
    const version = row.version;
    let updated;
    try {
      updated = await store.appendEvents({ gameId, expectedVersion: version, events: decision.events, status: 'finished', at });
    } catch (e) {
      if (!(e instanceof VersionConflictError)) throw e;
      const current = await loadGame(store, gameId);
      throw new ProblemError(409, 'VERSION_CONFLICT', 'a move was made first', {
        version: current.row.version,
        view: gameView(current, seat, await playersOf(store, [current.row])),
      });
    }
    await notifier.publish(gameId, updated.version);
    await afterGameFinished(deps, updated);
    const finished = await loadGame(store, gameId);
    return c.json(gameView(finished, seat, await playersOf(store, [finished.row])), 200);
  });
}
