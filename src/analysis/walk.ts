// A finished game's log walked once: the decisions before the play, and the state before each
// card played. Both lenses read the game through this.
import { evolve, initialState, type Card, type Config, type GameEvent, type Move, type Seat, type State } from '../engine/index.ts';

export interface Decision {
  seq: number;
  seat: Seat;
  move: Move;
}

export interface CardPlayed {
  seq: number;
  seat: Seat;
  card: Card;
  /** The game just before the card, in its playing phase. */
  before: State;
}

export interface Walk {
  decisions: Decision[];
  cards: CardPlayed[];
  /**
   * The game as its first card is played (null: none was): not where the phase turns to the
   * play, as the staged deal may still be dealing then.
   */
  firstTrick: State | null;
}

/** The decision a logged event records (null: an event that is none, or a card). */
function decisionOf(event: GameEvent): Decision['move'] | null {
  switch (event.type) {
    case 'declared': {
      const move: Extract<Move, { type: 'declare' }> = { type: 'declare', game: event.game };
      if (event.hand) move.hand = true;
      if (event.schneider) move.schneider = true;
      if (event.schwarz) move.schwarz = true;
      return move;
    }
    case 'kontra':
      return { type: 'kontra' };
    case 're':
      return { type: 're' };
    case 'passed':
      return { type: 'pass' };
    case 'bid':
      return { type: 'bid', value: event.value };
    case 'held':
      return { type: 'hold' };
    case 'stockPickedUp':
      return { type: 'pickUpStock' };
    case 'discarded':
      return { type: 'discard', cards: event.cards as Card[] };
    default:
      return null;
  }
}

/** Walks a game's whole log (as its record numbers it: the first event is seq 1). */
export function walk(config: Config, serverSeed: string, events: readonly GameEvent[]): Walk {
  let state = initialState(config, serverSeed);
  const out: Walk = { decisions: [], cards: [], firstTrick: null };
  events.forEach((event, i) => {
    const seq = i + 1;
    if (event.type === 'played' && state.phase === 'playing') {
      out.firstTrick ??= state;
      out.cards.push({ seq, seat: event.seat, card: event.card, before: state });
    } else {
      const move = decisionOf(event);
      if (move && 'seat' in event && event.seat) out.decisions.push({ seq, seat: event.seat, move });
    }
    state = evolve(state, event);
  });
  return out;
}
