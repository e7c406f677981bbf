// A match moves on when one of its games ends: the game is written on the sheet and the next
// game starts (or the match ends). Called after every append that finished a match game
// (a move, a timeout claim) and, as a safety net, when the match is read. Any number of callers
// may race: the match version guards the step, so exactly one of them writes it.
import { seedCommitment } from '../../engine/index.ts';
import { MatchConflictError, type MatchEvent, type MatchRow, type NewMatchGame } from '../../db/matches.ts';
import type { GameRow } from '../../db/store.ts';
import type { AppDeps } from '../deps.ts';
import { gameFinished, gameStarted, matchFinished, scoreSheet, seatsOfGame } from './sheet.ts';

/** The notifier key of a match: waiters on the match's event log use it. */
export const matchKey = (matchId: string) => `match:${matchId}`;

/** Game `number` of the match, ready to insert: its own fresh seed, the dealer alternating. */
export function newMatchGame(deps: Pick<AppDeps, 'random'>, match: MatchRow, number: number): NewMatchGame {
  const serverSeed = deps.random.serverSeed();
  const seats = seatsOfGame(match, number);
  return {
    id: crypto.randomUUID(),
    number,
    serverSeed,
    seedCommitment: seedCommitment(serverSeed),
    forehandPlayerId: seats.forehand,
    dealerPlayerId: seats.dealer,
  };
}

/**
 * Writes the step the match is due for, if any: its last game finished → gameFinished, then
 * gameStarted of the next game (created here) or matchFinished. Returns whether it wrote.
 */
export async function advanceMatch(deps: AppDeps, matchId: string): Promise<boolean> {
  const { matches, notifier } = deps;
  // A lost race means another caller wrote this step; look once more in case yet another is due.
  for (let attempt = 0; attempt < 3; attempt++) {
    const match = await matches.getMatch(matchId);
    if (!match || match.status !== 'playing') return false;
    const played = await matches.playedGames(matchId);
    const last = played.at(-1);
    if (!last?.result) return false;
    const sheet = scoreSheet(match, played);
    const number = last.row.number!;
    const events: MatchEvent[] = [gameFinished(sheet.rows.at(-1)!)];
    const game = number < match.games ? newMatchGame(deps, match, number + 1) : undefined;
    if (game) {
      events.push(gameStarted(game.number, game.id, { dealer: game.dealerPlayerId, forehand: game.forehandPlayerId }));
    } else {
      // The sheet counts a match whose every game has a result as finished: winner or draw.
      events.push(matchFinished(sheet, match.matchSeed));
    }
    try {
      const row = await matches.advance({
        matchId,
        expectedVersion: match.version,
        events,
        status: game ? 'playing' : 'finished',
        game,
        at: deps.now(),
      });
      await notifier.publish(matchKey(matchId), row.version);
      return true;
    } catch (e) {
      if (!(e instanceof MatchConflictError)) throw e;
    }
  }
  return false;
}

/**
 * The hook of the move path: after a successful append that finished `row`. The move itself
 * is committed, so a failure here is logged, not answered; the next read of the match retries.
 */
export async function afterGameFinished(deps: AppDeps, row: Pick<GameRow, 'id' | 'matchId'>): Promise<void> {
  if (!row.matchId) return;
  try {
    await advanceMatch(deps, row.matchId);
  } catch (e) {
    deps.log.error({ event: 'matchAdvanceFailed', matchId: row.matchId, gameId: row.id, message: (e as Error).message });
  }
}
