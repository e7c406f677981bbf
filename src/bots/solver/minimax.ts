// Plain minimax over a Position, with the engine's own trick rules: no pruning, no table, no
// cleverness. The reference the fast search is tested against; far too slow for whole deals.
import { POINTS, trickRules, type Card, type Seat } from '../../engine/index.ts';
import type { Position, PositionSeat } from './position.ts';
import { valueAtEnd } from './value.ts';

const other = (s: Seat): Seat => (s === 'forehand' ? 'dealer' : 'forehand');

/** The cards the side to move may play: open cards and hand cards, following suit. */
export function legalCards(p: Position): Card[] {
  const s = p.seats[p.toMove];
  const playable: Card[] = [];
  for (const st of s.stacks) if (st.open) playable.push(st.open);
  playable.push(...s.hand);
  if (p.trick.length === 0) return playable;
  const cls = trickRules(p.game, p.ramschTrumps).cls;
  const need = cls[p.trick[0].card];
  const same = playable.filter((c) => cls[c] === need);
  return same.length > 0 ? same : playable;
}

function without(s: PositionSeat, card: Card): PositionSeat {
  return {
    ...s,
    stacks: s.stacks.map((st) => (st.open === card ? { open: null, covered: st.covered } : st)),
    hand: s.hand.filter((c) => c !== card),
  };
}

/** Covered cards whose open card was played are turned face up. */
const turned = (s: PositionSeat): PositionSeat => ({
  ...s,
  stacks: s.stacks.map((st) => (st.open === null && st.covered !== null ? { open: st.covered, covered: null } : st)),
});

/** The position after the side to move plays `card`, and whether the play is over. */
export function playCard(p: Position, card: Card): { next: Position; over: boolean } {
  const seat = p.toMove;
  const seats = { ...p.seats, [seat]: without(p.seats[seat], card) };
  if (p.trick.length === 0)
    return { next: { ...p, seats, toMove: other(seat), trick: [{ seat, card }] }, over: false };
  const led = p.trick[0];
  const rules = trickRules(p.game, p.ramschTrumps);
  const secondWins =
    rules.cls[card] === rules.cls[led.card] ? rules.power[card] > rules.power[led.card] : rules.cls[card] === 'trump';
  const winner = secondWins ? seat : led.seat;
  const w = seats[winner];
  seats[winner] = { ...w, points: w.points + POINTS[card] + POINTS[led.card], tricks: w.tricks + 1 };
  seats.forehand = turned(seats.forehand);
  seats.dealer = turned(seats.dealer);
  const next: Position = { ...p, seats, toMove: winner, trick: [] };
  const left = seats.forehand.hand.length + seats.forehand.stacks.filter((st) => st.open).length;
  const over = left === 0 || (p.game === 'null' && winner === p.declarer);
  return { next, over };
}

/** The value of a position whose play is over (see value.ts). */
export function finalValue(p: Position): number {
  const d = p.seats[p.declarer];
  const o = p.seats[other(p.declarer)];
  return valueAtEnd(p.game, d.points + p.stockPoints, d.tricks, o.points, o.tricks);
}

/** The minimax value (see value.ts) of a position, and the best card for the side to move. */
export function minimax(p: Position): { value: number; move: Card | null } {
  const maximizing = p.toMove === p.declarer;
  let best = maximizing ? -Infinity : Infinity;
  let move: Card | null = null;
  for (const card of legalCards(p)) {
    const { next, over } = playCard(p, card);
    const v = over ? finalValue(next) : minimax(next).value;
    if (maximizing ? v > best : v < best) {
      best = v;
      move = card;
    }
  }
  if (move === null) return { value: finalValue(p), move: null };
  return { value: best, move };
}
