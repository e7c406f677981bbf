// POST /v1/games/{gameId}/rematch: the same two players again, seats swapped. Idempotent:
// whoever asks first creates the game (unique `rematch_of`), everyone after gets that game.
import { createRoute } from '@hono/zod-openapi';
import { requirePlayer } from '../../auth/middleware.ts';
import { seedCommitment } from '../../engine/index.ts';
import type { AppDeps } from '../deps.ts';
import type { App } from '../env.ts';
import { ProblemError } from '../problem.ts';
import { bearer, problem } from '../responses.ts';
import { GameIdParam, ViewSchema } from '../schemas.ts';
import { gameView, loadGame, playersOf, seatOf } from './game.ts';

const view = (description: string) => ({ description, content: { 'application/json': { schema: ViewSchema } } });

export const rematch = createRoute({
  method: 'post',
  path: '/v1/games/{gameId}/rematch',
  tags: ['games'],
  summary: 'Play a finished standalone game again, the seats swapped',
  description:
    'A new game with the same options (and turnSeconds) and a fresh seed: the dealer becomes forehand and forehand the dealer. Both players asking get the same game: 201 for the request that created it, 200 after. Games of a match are followed by the match itself.',
  security: bearer,
  request: { params: GameIdParam },
  responses: {
    200: view('The rematch, created earlier (by you or the other player)'),
    201: view('The rematch, created now'),
    400: problem('Malformed path (VALIDATION_FAILED)'),
    401: problem('No, bad or expired token (INVALID_TOKEN, TOKEN_EXPIRED)'),
    403: problem('NOT_A_PLAYER: only the two players of the game can ask for its rematch'),
    404: problem('No such game (GAME_NOT_FOUND)'),
    413: problem('Body over 16 KiB (PAYLOAD_TOO_LARGE)'),
    415: problem('A body that is not application/json (UNSUPPORTED_MEDIA_TYPE)'),
    422: problem('GAME_NOT_FINISHED: the game is still running; MATCH_GAME: the game belongs to a match'),
  },
});

export function registerRematchRoute(app: App, deps: AppDeps) {
  const { store, matches, random, now } = deps;
  app.openapi(rematch, async (c) => {
    const player = requirePlayer(c);
    const { gameId } = c.req.valid('param');
    const { row, state } = await loadGame(store, gameId);
    if (!seatOf(row, player.playerId))
      throw new ProblemError(403, 'NOT_A_PLAYER', 'only the players of this game can ask for a rematch');
    if (row.matchId) throw new ProblemError(422, 'MATCH_GAME', 'this game belongs to a match, which goes on by itself');
    if (state.phase !== 'finished') throw new ProblemError(422, 'GAME_NOT_FINISHED', 'a rematch follows a finished game');

    const serverSeed = random.serverSeed();
    const at = now();
    const { row: created, created: isNew } = await matches.createRematch({
      id: crypto.randomUUID(),
      // A fresh server seed: a practice deal's seed is not reused, so the rematch is no practice.
      config: { ...row.config, practice: false },
      status: 'cutting',
      serverSeed,
      seedCommitment: seedCommitment(serverSeed),
      forehandPlayerId: row.dealerPlayerId!,
      dealerPlayerId: row.forehandPlayerId!,
      reservedPlayerId: null,
      turnSeconds: row.turnSeconds,
      rematchOf: row.id,
      createdAt: at,
      updatedAt: at,
    });
    const game = await loadGame(store, created.id);
    c.header('Location', `/v1/games/${created.id}`);
    const body = gameView(game, seatOf(game.row, player.playerId)!, await playersOf(store, [game.row]));
    return isNew ? c.json(body, 201) : c.json(body, 200);
  });
}
