// biome-ignore-all lint/style/noNonNullAssertion: a state being played out has a player to move and a contract until it is finished, which the loop checks first
// From a world to what is written on the score sheet: the play's value as the solver gives it
// (value.ts of the solver) turned into the engine's own result, and a world before its play
// carried on to the first trick.
import { pointsOf } from '../../engine/cards.ts';
import { decide } from '../../engine/decide.ts';
import { evolve } from '../../engine/evolve.ts';
import { finalResult } from '../../engine/score.ts';
import { copyState, type State } from '../../engine/state.ts';
import type { Move, Seat } from '../../engine/types.ts';
import { BEST, WORST } from '../solver/index.ts';

const otherSeat = (s: Seat): Seat => (s === 'forehand' ? 'dealer' : 'forehand');

/** A move of `seat` in a world, by the engine's rules (a refused move is a bug of the caller). */
export function applyMove(state: State, seat: Seat, move: Move): State {
  const d = decide(state, seat, move);
  if (!d.ok) throw new Error(`pimc: ${JSON.stringify(move)} refused in a world: ${d.error.code} ${d.error.detail}`);
  let s = state;
  for (const e of d.events) s = evolve(s, e);
  return s;
}

/**
 * The world carried on to its play: kontra and re, still to be decided, are passed (or said, by
 * `kontra`: the other side's answer is its own guess). Stops at the first decision of another kind.
 */
export function toPlay(state: State, kontra?: (s: State) => boolean): State {
  let s = state;
  while (s.phase === 'kontra' || s.phase === 're') {
    const seat = s.toMove!;
    const say = kontra?.(s) ?? false;
    s = applyMove(s, seat, say ? { type: s.phase } : { type: 'pass' });
  }
  return s;
}

/**
 * What each seat gets written for each value the solver can give a world in its playing phase
 * (the contract, the stock and the matadors of that world): per value, `mine − theirs` for `me`.
 */
export class Scorer {
  private readonly cache = new Map<number, number>();
  constructor(
    private readonly play: State,
    private readonly me: Seat,
  ) {}

  /** `mine − theirs` when the play ends with `value`. */
  gain(value: number): number {
    let g = this.cache.get(value);
    if (g === undefined) {
      const scores = writtenFor(this.play, value);
      g = scores[this.me] - scores[otherSeat(this.me)];
      this.cache.set(value, g);
    }
    return g;
  }
}

/** The score sheet's figures for a world whose play ends with the solver's `value`. */
export function writtenFor(play: State, value: number): { forehand: number; dealer: number } {
  const c = play.contract!;
  const declarer = c.declarer;
  const defender = otherSeat(declarer);
  const end = copyState(play);
  let declarerPoints: number; // tricks only: the engine adds the stock or discards
  let declarerTricks = 1;
  let defenderTricks = 1;
  const stock = pointsOf(play.stockPickedUp ? play.discards : play.stock);
  if (c.game === 'null') {
    declarerTricks = value >= 1 ? 0 : 1;
    declarerPoints = 0;
  } else if (c.game === 'ramsch') {
    // The value is the other player's points.
    if (value <= WORST) [declarerTricks, declarerPoints] = [0, 0];
    else if (value >= BEST) [defenderTricks, declarerPoints] = [0, 120];
    else declarerPoints = 120 - value;
  } else if (value <= WORST) [declarerTricks, declarerPoints] = [0, 0];
  else if (value >= BEST) [defenderTricks, declarerPoints] = [0, 120 - stock];
  else declarerPoints = value - stock;
  end.points = declarer === 'forehand' ? { forehand: declarerPoints, dealer: 120 - stock - declarerPoints } : { forehand: 120 - stock - declarerPoints, dealer: declarerPoints };
  end.tricks = declarer === 'forehand' ? { forehand: declarerTricks, dealer: defenderTricks } : { forehand: defenderTricks, dealer: declarerTricks };
  void defender;
  return finalResult(end, { kind: 'played' }).scores;
}
