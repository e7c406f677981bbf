// A finished game from one player's side: who the opponent was, won, lost or drawn, and the
// player's points (the player page's recent games).
import type { GameView } from '@offiziersskat/client';

export interface GameOutcome {
  opponent: string;
  outcome: 'won' | 'lost' | 'draw';
  /** The player's score of the game (its figure on the score sheet). */
  points: number;
}

export function gameOutcome(view: Pick<GameView, 'players' | 'result'>, playerId: string): GameOutcome | null {
  const seat = view.players.forehand?.playerId === playerId ? 'forehand' : view.players.dealer?.playerId === playerId ? 'dealer' : null;
  if (!seat || !view.result) return null;
  const other = seat === 'forehand' ? 'dealer' : 'forehand';
  const mine = view.result.scores[seat];
  const theirs = view.result.scores[other];
  return { opponent: view.players[other]?.name ?? '?', outcome: mine > theirs ? 'won' : mine < theirs ? 'lost' : 'draw', points: mine };
}
