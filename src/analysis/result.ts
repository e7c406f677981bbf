// What an analysis is made of (the body of the Analysis schema, without its job's status), and
// the per-player summary both lenses share.
import type { Card, GameType, Move, Seat } from '../engine/index.ts';

export interface AnalysedCard {
  seq: number;
  seat: Seat;
  card: Card;
  value: number;
  best: Card[];
  bestValue: number;
  loss: number;
  mistake: boolean;
}

export interface AnalysedDecision {
  seq: number;
  seat: Seat;
  move: Move;
  value: number | null;
}

export interface PlayerSummary {
  cards: number;
  costly: number;
  mistakes: number;
  loss: number;
}

export interface AnalysisBody {
  game: GameType | null;
  declarer: Seat | null;
  value: number | null;
  decisions: AnalysedDecision[];
  plies: AnalysedCard[];
  players: Record<Seat, PlayerSummary>;
  /** Seat lens: worlds drawn per card. */
  samples?: number;
}

/** A card costs when it loses 1 or more (a seat lens's mean loss is rounded to a hundredth first). */
const COSTLY = 1;

/** Per seat: cards played, costly cards, mistakes, the total loss. */
export function summarize(plies: readonly AnalysedCard[]): Record<Seat, PlayerSummary> {
  const of = (seat: Seat): PlayerSummary => {
    const mine = plies.filter((p) => p.seat === seat);
    return {
      cards: mine.length,
      costly: mine.filter((p) => p.loss >= COSTLY).length,
      mistakes: mine.filter((p) => p.mistake).length,
      loss: round(mine.reduce((s, p) => s + p.loss, 0)),
    };
  };
  return { forehand: of('forehand'), dealer: of('dealer') };
}

/** Means kept to a hundredth: what a reader can tell apart. */
export const round = (x: number) => Math.round(x * 100) / 100;
