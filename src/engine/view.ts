// Redaction, done once: what a viewer may see of the state and of each event.
// Covered cards are seen by nobody until turned; a hand by its owner; the stock by nobody
// until the declarer takes it; discards by the declarer. After the end, everything is public.
import { legalMoves } from './legal.ts';
import type { State } from './state.ts';
import type { Card, EngineView, GameEvent, Seat, SeatTableView, SeenCard, Viewer } from './types.ts';

const hide = (cards: readonly SeenCard[]): SeenCard[] => cards.map(() => 'hidden');

function seatTable(state: State, seat: Seat, viewer: Viewer, finished: boolean): SeatTableView {
  const open = state.open[seat];
  const covered = state.covered[seat];
  return {
    stacks: open.map((card, i) => ({
      open: card,
      covered: covered[i] === null ? null : finished ? covered[i] : 'hidden',
    })),
    hand: viewer === seat || finished ? state.hand[seat].slice() : { count: state.hand[seat].length },
    tricks: state.tricks[seat],
    points: state.points[seat],
  };
}

export function view(state: State, viewer: Viewer): EngineView {
  const finished = state.phase === 'finished';
  const bidding = state.config.variant === 'bidding';
  const declarer = state.contract?.declarer ?? null;
  const seesDiscards = finished || (viewer !== 'spectator' && viewer === declarer);
  const you = viewer === 'spectator' ? null : viewer;
  return {
    phase: state.phase,
    config: state.config,
    you,
    contract: state.contract ? { ...state.contract } : null,
    bidding: state.bidding ? { ...state.bidding, passed: { ...state.bidding.passed } } : null,
    toMove: state.toMove,
    legalMoves: you ? legalMoves(state, you) : [],
    table: {
      forehand: seatTable(state, 'forehand', viewer, finished),
      dealer: seatTable(state, 'dealer', viewer, finished),
    },
    stock: !bidding ? null : finished ? state.stock.slice() : { count: state.stock.length },
    discards: !bidding ? null : seesDiscards ? state.discards.slice() : { count: state.discards.length },
    trick: state.trick.map((t) => ({ ...t })),
    lastTrick: state.lastTrick
      ? { cards: state.lastTrick.cards.map((t) => ({ ...t })), winner: state.lastTrick.winner }
      : null,
    trickNumber: state.tricks.forehand + state.tricks.dealer + 1,
    cut: state.cut,
    result: state.result,
  };
}

/**
 * One logged event as `viewer` may see it. `finished`: whether the game has ended by now
 * (then every event is shown whole).
 */
export function viewEvent(event: GameEvent, viewer: Viewer, finished: boolean): GameEvent {
  if (finished) return event;
  switch (event.type) {
    case 'dealt':
      // Open cards are public; a hand is its owner's; covered cards and the stock nobody's.
      if (event.to === 'open' || (event.to === 'hand' && event.seat === viewer)) return event;
      return { ...event, cards: hide(event.cards) };
    case 'stockPickedUp':
    case 'discarded':
      return event.seat === viewer ? event : { ...event, cards: hide(event.cards) };
    default:
      return event;
  }
}

/** Every card a viewer can see in a view (a test and logging aid). */
export function visibleCards(v: EngineView): Card[] {
  const out: Card[] = [];
  for (const seat of ['forehand', 'dealer'] as const) {
    const t = v.table[seat];
    for (const s of t.stacks) {
      if (s.open) out.push(s.open);
      if (s.covered && s.covered !== 'hidden') out.push(s.covered);
    }
    if (Array.isArray(t.hand)) out.push(...t.hand);
  }
  if (Array.isArray(v.stock)) out.push(...v.stock);
  if (Array.isArray(v.discards)) out.push(...v.discards);
  return out;
}
