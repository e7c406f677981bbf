// Helpers for the engine's tests: drive real games move by move, rig a deal, and fabricate the
// state at the end of a game for the scoring tables. Not used by the engine itself.
// biome-ignore-all lint/style/noNonNullAssertion: test helpers: a test that plays on after the end, or rigs too few cards, is wrong and throws here
import { DECK } from '../../src/engine/cards.ts';
import { DEAL_STAGES } from '../../src/engine/deal.ts';
import { decide } from '../../src/engine/decide.ts';
import { evolve } from '../../src/engine/evolve.ts';
import { initialState, type Contract, type State } from '../../src/engine/state.ts';
import {
  DEFAULT_CONFIG,
  type BySeat,
  type Card,
  type Config,
  type Decision,
  type GameEvent,
  type GameType,
  type Move,
  type Seat,
} from '../../src/engine/types.ts';

/** The seed of the test vector: 32 zero bytes. */
export const ZERO_SEED = '0'.repeat(64);

export const configOf = (over: Partial<Config> = {}): Config => ({ ...DEFAULT_CONFIG, ...over });

/** Cards written as one string, `'CJ SJ HA'`. */
export const cards = (s: string): Card[] => (s.trim() === '' ? [] : (s.trim().split(/\s+/) as Card[]));

/** A game driven through `decide` and `evolve`, keeping the event log. */
export class Game {
  state: State;
  readonly events: GameEvent[] = [];

  constructor(state: State) {
    this.state = state;
  }

  static start(over: Partial<Config> = {}, seed = ZERO_SEED): Game {
    return new Game(initialState(configOf(over), seed));
  }

  /** A game whose cut deck is exactly `cutDeck` (all 32 cards) once forehand cuts at 4. */
  static rigged(over: Partial<Config>, cutDeck: readonly Card[]): Game {
    return new Game(rig(initialState(configOf(over), ZERO_SEED), cutDeck));
  }

  /** Try a move; the state changes only when it is accepted. */
  try(seat: Seat, move: unknown): Decision {
    const d = decide(this.state, seat, move);
    if (d.ok) {
      this.state = d.events.reduce(evolve, this.state);
      this.events.push(...d.events);
    }
    return d;
  }

  /** A move that must be accepted; returns the events it caused. */
  do(seat: Seat, move: Move): GameEvent[] {
    const d = this.try(seat, move);
    if (!d.ok) throw new Error(`${seat} ${JSON.stringify(move)} rejected: ${d.error.code} ${d.error.detail}`);
    return d.events;
  }

  /** Moves for whoever is to move, in order. */
  moves(...ms: Move[]): this {
    for (const m of ms) this.do(this.state.toMove!, m);
    return this;
  }

  /** Plays cards, each by whoever is to move. */
  play(...cs: Card[]): this {
    for (const card of cs) this.do(this.state.toMove!, { type: 'play', card });
    return this;
  }
}

/** Replace the shuffled deck so that a cut at 4 yields `cutDeck`. */
export function rig(state: State, cutDeck: readonly Card[]): State {
  if (new Set(cutDeck).size !== 32 || !cutDeck.every((c) => DECK.includes(c))) throw new Error('rig: not a deck');
  return { ...state, deck: [...cutDeck.slice(28), ...cutDeck.slice(0, 28)] };
}

/** The deck positions a seat (or, with null, the stock) receives in a variant's deal. */
export function positionsOf(variant: Config['variant'], seat: Seat | null): number[] {
  const out: number[] = [];
  for (const stage of DEAL_STAGES[variant])
    for (const b of stage) if (b.seat === seat) for (let i = 0; i < b.count; i++) out.push(b.from + i);
  return out;
}

/**
 * A cut deck in which each seat receives the cards given for it (in its deal positions, in
 * order) and the stock holds `stock`. The other cards fill the rest, strongest first (jacks,
 * then aces, tens, …) and into `fillFirst`'s positions first: so a seat holds no jack and no
 * high trump that the test did not give it, as long as `fillFirst` is the other seat.
 */
export function deckWith(
  variant: Config['variant'],
  parts: Partial<Record<Seat | 'stock', Card[]>>,
  fillFirst: Seat = 'dealer',
): Card[] {
  const deck = new Array<Card | null>(32).fill(null);
  const placed = new Set<Card>();
  const put = (positions: number[], cs: Card[] | undefined) =>
    (cs ?? []).forEach((c, i) => {
      if (i >= positions.length || placed.has(c)) throw new Error(`deckWith: cannot place ${c}`);
      deck[positions[i]] = c;
      placed.add(c);
    });
  put(positionsOf(variant, 'forehand'), parts.forehand);
  put(positionsOf(variant, 'dealer'), parts.dealer);
  put(positionsOf(variant, null), parts.stock);
  const strength = (c: Card) => 'JATKQ987'.indexOf(c[1]);
  const rest = DECK.filter((c) => !placed.has(c)).sort((a, b) => strength(a) - strength(b));
  const second: Seat = fillFirst === 'forehand' ? 'dealer' : 'forehand';
  for (const pos of [...positionsOf(variant, fillFirst), ...positionsOf(variant, second), ...positionsOf(variant, null)])
    if (deck[pos] === null) deck[pos] = rest.shift()!;
  return deck as Card[];
}

export interface Ending {
  variant?: Config['variant'];
  scoring?: Config['scoring'];
  spitzen?: boolean;
  ramschTrumps?: Config['ramschTrumps'];
  declarer?: Seat;
  game: GameType;
  hand?: boolean;
  schneider?: boolean;
  schwarz?: boolean;
  bid?: number;
  kontra?: boolean;
  re?: boolean;
  /** Cards the declarer was dealt (for matadors). */
  holds?: Card[];
  /** Bidding: the stock, and whether the declarer took it (and what it discarded). */
  stock?: Card[];
  discards?: Card[];
  /** Card points and tricks each side took in tricks (the declarer's side first). */
  points: [number, number];
  tricks: [number, number];
}

/**
 * The state at the end of a game, built by hand for `finalResult`: only what scoring reads
 * (config, deal, contract, points, tricks, stock/discards) is filled in.
 */
export function fabricate(e: Ending): State {
  const variant = e.variant ?? (e.bid !== undefined || e.game === 'null' ? 'bidding' : 'classic');
  const config = configOf({
    variant,
    scoring: e.scoring ?? 'standard',
    spitzen: e.spitzen ?? false,
    ramschTrumps: e.ramschTrumps ?? 'jacks',
  });
  const declarer = e.declarer ?? 'forehand';
  const defender: Seat = declarer === 'forehand' ? 'dealer' : 'forehand';
  // Unless given, the stock is worth nothing, so that `points` are the declarer's card points.
  const holds = e.holds ?? [];
  const stock = variant !== 'bidding' ? undefined : (e.stock ?? cards('S7 S8 H7 H8 D7 D8').filter((c) => !holds.includes(c)).slice(0, 2));
  const deck = deckWith(variant, { [declarer]: holds, stock }, defender);
  const bySide = <T>(pair: [T, T]): BySeat<T> =>
    declarer === 'forehand' ? { forehand: pair[0], dealer: pair[1] } : { forehand: pair[1], dealer: pair[0] };
  const pickedUp = e.discards !== undefined;
  const contract: Contract = {
    declarer,
    game: e.game,
    hand: e.hand ?? false,
    schneider: e.schneider ?? e.schwarz ?? false,
    schwarz: e.schwarz ?? false,
    bid: e.bid ?? null,
    kontra: e.kontra ?? e.re ?? false,
    re: e.re ?? false,
  };
  const start = rig(initialState(config, ZERO_SEED), deck);
  return {
    ...start,
    cut: 4,
    phase: 'playing',
    toMove: null,
    contract,
    stock: pickedUp ? [] : variant === 'bidding' ? deck.slice(30) : [],
    stockPickedUp: pickedUp,
    discards: e.discards ?? [],
    points: bySide(e.points),
    tricks: bySide(e.tricks),
  };
}
