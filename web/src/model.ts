// What the table shows, in one shape for a live game (the API's view) and a replayed one (the
// engine's state, every card known): the renderer draws a TableModel and nothing else.
import type { Card, GameType, GameView, Seat } from '@offiziersskat/client';
import { sortHand } from './hand-order.ts';
import type { BySeat, ContractView, Result, State, Variant } from '../../src/engine/index.ts';
import { pointsOf } from '../../src/engine/cards.ts';

export interface StackModel {
  open: Card | null;
  /** 'hidden': a card back; a card: shown face up but marked as covered (a replay). */
  covered: Card | 'hidden' | null;
}

export interface SeatModel {
  name: string;
  /** A bot account's seat (the table shows the BOT badge). */
  bot?: boolean;
  stacks: readonly StackModel[];
  hand: readonly Card[] | { count: number };
  tricks: number;
  points: number;
}

export interface TableModel {
  variant: Variant;
  /** The seat drawn at the bottom: the viewer's own, forehand for a spectator or a replay. */
  bottom: Seat;
  /** The viewer's seat (null: a spectator, a replay). */
  you: Seat | null;
  seats: BySeat<SeatModel>;
  trick: readonly { seat: Seat; card: Card }[];
  lastTrick: { cards: readonly { seat: Seat; card: Card }[]; winner: Seat } | null;
  stock: readonly Card[] | { count: number } | null;
  discards: readonly Card[] | { count: number } | null;
  contract: ContractView | null;
  bidding: { value: number } | null;
  toMove: Seat | null;
  /** The cards the bottom player may play now (from `legalMoves`). */
  playable: ReadonlySet<Card>;
  result: Result | null;
}

export const other = (seat: Seat): Seat => (seat === 'forehand' ? 'dealer' : 'forehand');

/**
 * The cards beside the tricks that count for the declarer of a bidding game (RULES.md): the two
 * laid away, or the stock untouched when the declarer played hand, once the table shows them.
 */
export function countedAside(model: Pick<TableModel, 'contract' | 'stock' | 'discards'>): { kind: 'stock' | 'discards'; cards: readonly Card[]; points: number } | null {
  if (!model.contract || model.contract.game === null) return null;
  if (Array.isArray(model.discards) && model.discards.length) return { kind: 'discards', cards: model.discards, points: pointsOf(model.discards as readonly Card[]) };
  if (Array.isArray(model.stock) && model.stock.length) return { kind: 'stock', cards: model.stock, points: pointsOf(model.stock as readonly Card[]) };
  return null;
}

/** A seat's card points so far: its tricks, and for the declarer the cards counted aside (as in the result). */
export function tallyPoints(model: Pick<TableModel, 'seats' | 'contract' | 'stock' | 'discards'>, seat: Seat): number {
  const aside = model.contract?.declarer === seat ? (countedAside(model)?.points ?? 0) : 0;
  return model.seats[seat].points + aside;
}

export function modelFromView(view: GameView, computerLabel?: (playerId: string) => string | null): TableModel {
  const name = (seat: Seat) => {
    const p = view.players[seat];
    return p ? (computerLabel?.(p.playerId) ?? p.name) : '…';
  };
  // A hand is shown sorted as a player holds it (trumps first); its keys follow that order.
  const game = (view.contract?.game ?? null) as GameType | null;
  const seat = (s: Seat): SeatModel => {
    const t = view.table[s];
    return { ...t, hand: Array.isArray(t.hand) ? sortHand(t.hand, game, view.config.ramschTrumps) : t.hand, name: name(s), bot: (view.players[s] as { bot?: boolean } | null)?.bot === true };
  };
  const playable = new Set<Card>();
  for (const m of view.legalMoves) if (m.type === 'play') playable.add(m.card);
  return {
    variant: view.config.variant,
    bottom: view.you ?? 'forehand',
    you: view.you ?? null,
    seats: { forehand: seat('forehand'), dealer: seat('dealer') },
    // The schema's seat type is nullable (it also serves `toMove`); a trick's seats never are.
    trick: view.trick as TableModel['trick'],
    lastTrick: view.lastTrick as TableModel['lastTrick'],
    stock: view.stock ?? null,
    discards: view.discards ?? null,
    contract: (view.contract as ContractView | null) ?? null,
    bidding: view.bidding ?? null,
    toMove: view.toMove ?? null,
    playable,
    result: (view.result as Result | null) ?? null,
  };
}

/** A replayed state with every card face up (the record of a finished game is public). */
export function modelFromState(state: State, names: BySeat<string>): TableModel {
  const seat = (s: Seat): SeatModel => ({
    name: names[s],
    stacks: state.open[s].map((open, i) => ({ open, covered: state.covered[s][i] })),
    hand: sortHand(state.hand[s], state.contract?.game ?? null, state.config.ramschTrumps),
    tricks: state.tricks[s],
    points: state.points[s],
  });
  return {
    variant: state.config.variant,
    bottom: 'forehand',
    you: null,
    seats: { forehand: seat('forehand'), dealer: seat('dealer') },
    trick: state.trick,
    lastTrick: state.lastTrick,
    stock: state.config.variant === 'bidding' ? [...state.stock] : null,
    discards: state.config.variant === 'bidding' ? [...state.discards] : null,
    contract: state.contract,
    bidding: state.bidding,
    toMove: state.toMove,
    playable: new Set(),
    result: state.result,
  };
}
