// biome-ignore-all lint/style/noNonNullAssertion: a root is built in the playing phase, where the view has a seat, a contract and a player to move
// The position star searches, from what its seat sees: covered cards it has not seen are UNKNOWN,
// and the search is exact only when nothing else is hidden from it (no hand card of the other
// player left unseen, no discards it did not see; a stock nobody took up is fine: neither player
// saw it). `rootFromView` answers null elsewhere, and star plays pimc there.
import { DECK, pointsOf } from '../../engine/cards.ts';
import type { State } from '../../engine/state.ts';
import type { Card, Seat } from '../../engine/types.ts';
import type { Position, PositionSeat } from '../solver/index.ts';
import type { BotView, Memory } from '../strategy.ts';
import { StarScore } from './score.ts';
import { UNKNOWN, type StarRoot } from './search.ts';

const SEATS = ['forehand', 'dealer'] as const;

/** How many cards of a stock or the discards the view does not show. */
const hiddenCount = (x: BotView['stock']): number => (x === null || Array.isArray(x) ? 0 : (x as { count: number }).count);

/**
 * The exact search's root for the view's seat, or null when a card other than a covered one (or
 * an unseen stock) is hidden from it. `world` is any world that looks to the seat like its game
 * (pimc's sampleWorld): it lends the score its contract, config and the declarer's known cards.
 */
export function rootFromView(view: BotView, memory: Memory, world: State): StarRoot | null {
  const c = view.contract;
  if (!c?.game || view.toMove === null || view.you === null) return null;
  for (const seat of SEATS) if (!Array.isArray(view.table[seat].hand) && (view.table[seat].hand as { count: number }).count > 0) return null;
  if (hiddenCount(view.discards) > 0) return null;
  const seen = new Set<Card>(memory.played);
  const seat = (s: Seat): PositionSeat => {
    const t = view.table[s];
    for (const st of t.stacks) {
      if (st.open) seen.add(st.open);
      if (st.covered && st.covered !== 'hidden') seen.add(st.covered);
    }
    const hand = Array.isArray(t.hand) ? (t.hand as Card[]).slice() : [];
    for (const h of hand) seen.add(h);
    return {
      stacks: t.stacks.map((st) => ({ open: st.open, covered: st.covered === 'hidden' ? UNKNOWN : st.covered })),
      hand,
      points: t.points,
      tricks: t.tricks,
    };
  };
  const seats = { forehand: seat('forehand'), dealer: seat('dealer') };
  for (const t of view.trick) seen.add(t.card);
  for (const t of view.lastTrick?.cards ?? []) seen.add(t.card);
  const stock = Array.isArray(view.stock) ? (view.stock as Card[]) : null;
  const discards = Array.isArray(view.discards) ? (view.discards as Card[]) : null;
  for (const x of stock ?? []) seen.add(x);
  for (const x of discards ?? []) seen.add(x);
  const pool = DECK.filter((x) => !seen.has(x));
  let places = 0;
  for (const s of SEATS) for (const st of seats[s].stacks) if (st.covered === UNKNOWN) places++;
  const hiddenStock = hiddenCount(view.stock) > 0;
  if (pool.length !== places + hiddenCount(view.stock)) return null; // a memory with gaps
  const position: Position = {
    game: c.game,
    ramschTrumps: view.config.ramschTrumps,
    declarer: c.declarer,
    toMove: view.toMove,
    seats,
    trick: view.trick.map((t) => ({ seat: t.seat, card: t.card })),
    stockPoints: pointsOf(discards && discards.length > 0 ? discards : (stock ?? [])),
  };
  return { position, pool, hiddenStock, score: new StarScore(world, view.you, new Set(pool)) };
}

/**
 * A root from a whole state (tests and the bench): the covered cards of `hidden` become UNKNOWN,
 * searched for `me`; with `hideStock` a stock not taken up is unseen too (its cards join the
 * unseen ones, its points leave the position's).
 */
export function rootFromState(state: State, position: Position, me: Seat, hidden: ReadonlySet<Card>, hideStock = false): StarRoot {
  const hide = (s: PositionSeat): PositionSeat => ({
    ...s,
    stacks: s.stacks.map((st) => (st.covered && hidden.has(st.covered) ? { open: st.open, covered: UNKNOWN } : st)),
  });
  const stock = hideStock && !state.stockPickedUp ? state.stock : [];
  return {
    position: {
      ...position,
      seats: { forehand: hide(position.seats.forehand), dealer: hide(position.seats.dealer) },
      stockPoints: position.stockPoints - pointsOf(stock),
    },
    pool: [...hidden, ...stock],
    hiddenStock: stock.length > 0,
    score: new StarScore(state, me, new Set([...hidden, ...stock])),
  };
}
