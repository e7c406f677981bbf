// A position for the solver: every card known, the contract, what each side has taken so far.
// Plain data in the game's words; the search turns it into bitmasks of its own (see search.ts).
import { pointsOf, type BySeat, type Card, type GameType, type RamschTrumps, type Seat, type State } from '../../engine/index.ts';

/** One stack: the open card on top, and the covered card under it (null: none left). */
export interface PositionStack {
  /**
   * null with a covered card beneath: the open card was played to the trick in progress, and
   * the covered card is turned (becomes playable) once that trick is complete.
   */
  open: Card | null;
  covered: Card | null;
}

export interface PositionSeat {
  stacks: readonly PositionStack[];
  hand: readonly Card[];
  /** Card points taken in tricks so far (the stock or discards go in `Position.stockPoints`). */
  points: number;
  tricks: number;
}

export interface Position {
  game: GameType;
  ramschTrumps: RamschTrumps;
  /** The declarer; in ramsch the player who chose it. */
  declarer: Seat;
  /** Whose card it is: the leader when the trick is empty, else the other seat. */
  toMove: Seat;
  seats: BySeat<PositionSeat>;
  /** The trick in progress: empty, or the led card. */
  trick: readonly { seat: Seat; card: Card }[];
  /** Card points that count for the declarer beyond its tricks: the stock (hand game) or the discards (bidding). */
  stockPoints: number;
}

/**
 * The position of a game in its playing phase, every card known (covered cards included: the
 * engine's state holds them). Throws outside the playing phase.
 */
export function positionFromState(state: State): Position {
  const contract = state.contract;
  if (state.phase !== 'playing' || contract === null || contract.game === null || state.toMove === null)
    throw new Error('positionFromState: the game is not in its playing phase');
  const seat = (s: Seat): PositionSeat => ({
    stacks: state.open[s].map((open, i) => ({ open, covered: state.covered[s][i] })),
    hand: state.hand[s].slice(),
    points: state.points[s],
    tricks: state.tricks[s],
  });
  return {
    game: contract.game,
    ramschTrumps: state.config.ramschTrumps,
    declarer: contract.declarer,
    toMove: state.toMove,
    seats: { forehand: seat('forehand'), dealer: seat('dealer') },
    trick: state.trick.map((t) => ({ seat: t.seat, card: t.card })),
    stockPoints: pointsOf(state.stockPickedUp ? state.discards : state.stock),
  };
}

/** The cards of a seat still to be played (open, covered and hand). */
export function cardsLeft(position: Position, seat: Seat): Card[] {
  const s = position.seats[seat];
  const out: Card[] = [];
  for (const st of s.stacks) {
    if (st.open) out.push(st.open);
    if (st.covered) out.push(st.covered);
  }
  return out.concat(s.hand);
}
