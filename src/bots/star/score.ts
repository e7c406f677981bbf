// What star maximizes: the score sheet's `mine − theirs` for its seat, from the solver's value of
// the play (src/bots/solver/value.ts) and the declarer's matadors. In classic the matadors count
// the declarer's covered cards too, so they are known only once every covered card it holds has
// turned: the search carries the cards drawn into the declarer's places along its path and asks
// for the gain at the end of the path (see search.ts).
import { cardIndex, DECK } from '../../engine/cards.ts';
import { DEAL_STAGES } from '../../engine/deal.ts';
import { cardsOfDeal, matadors } from '../../engine/score.ts';
import { copyState, type State } from '../../engine/state.ts';
import { trumpSuitOf } from '../../engine/trumps.ts';
import type { Card, GameType, Seat } from '../../engine/types.ts';
import { Scorer } from '../pimc/outcome.ts';
import type { Position } from '../solver/index.ts';

const other = (s: Seat): Seat => (s === 'forehand' ? 'dealer' : 'forehand');

/**
 * The gain of `me` per (value, matadors), for one game: built from a world (any state of the
 * play whose contract, config and the declarer's known cards are the game's) and the cards in
 * unknown places (`unknown`: not known to be anywhere by either player).
 */
export class StarScore {
  /** The declarer's cards of the deal known to be its (the stock's places included, as the score counts them). */
  private readonly known: Card[];
  private readonly places: number[];
  private readonly mats: boolean;
  private readonly matCard = new Uint8Array(32);
  private readonly tables = new Map<number, Float64Array>();
  readonly declarer: Seat;
  private readonly game: GameType;

  constructor(
    private readonly world: State,
    readonly me: Seat,
    unknown: ReadonlySet<Card>,
  ) {
    const c = world.contract;
    if (!c?.game) throw new Error('StarScore: the world has no game');
    this.declarer = c.declarer;
    this.game = c.game;
    this.known = cardsOfDeal(world, c.declarer).filter((x) => !unknown.has(x));
    this.places = [];
    for (const stage of DEAL_STAGES[world.config.variant])
      for (const b of stage) if (b.seat === c.declarer || b.seat === null) for (let i = 0; i < b.count; i++) this.places.push(b.from + i);
    const suit = trumpSuitOf(c.game);
    this.mats = suit !== undefined || c.game === 'grand';
    if (this.mats)
      for (const x of DECK)
        if (x[1] === 'J' || (world.config.spitzen && suit !== undefined && x[0] === suit)) this.matCard[cardIndex(x)] = 1;
  }

  /** Whether a card bears on the matadors (a jack; with spitzen a card of the trump suit). */
  isMatadorCard(card: Card): boolean {
    return this.matCard[cardIndex(card)] === 1;
  }

  /** The matador cards known to be the declarer's, as a key (see search.ts's table). */
  knownMatadorCards(): string {
    return this.known.filter((x) => this.isMatadorCard(x)).sort().join('');
  }

  /** The matadors when the declarer's unknown places (the stock's among them, if unknown) hold `drawn`. */
  matadorsOf(drawn: readonly Card[]): number {
    if (!this.mats) return 0;
    return matadors(this.game, [...this.known, ...drawn], this.world.config.spitzen);
  }

  /** `mine − theirs` for `me` when the play ends with the solver's `value` and `mats` matadors. */
  gain(value: number, mats: number): number {
    return this.table(mats)[value + 1];
  }

  /**
   * The values in `p`'s range (above its least) at which the gain with `mats` matadors changes,
   * ascending: the score is a step function of the value.
   */
  steps(p: Position, mats: number): number[] {
    const [vlo, vhi] = valueRange(p);
    const t = this.table(mats);
    const out: number[] = [];
    for (let v = vlo + 1; v <= vhi; v++) if (t[v + 1] !== t[v]) out.push(v);
    return out;
  }

  /** The least and the most `me` can still get at `p`, over `possibleMats` (Star1's bounds). */
  bounds(p: Position, possibleMats: readonly number[]): [number, number] {
    const [vlo, vhi] = valueRange(p);
    let lo = Infinity;
    let hi = -Infinity;
    for (const m of possibleMats) {
      const t = this.table(m);
      for (let v = vlo; v <= vhi; v++) {
        const g = t[v + 1];
        if (g < lo) lo = g;
        if (g > hi) hi = g;
      }
    }
    return [lo, hi];
  }

  /** Every matadors count the declarer's unknown places can give (they hold `slots` of `pool`). */
  possibleMatadors(pool: readonly Card[], slots: number): number[] {
    if (!this.mats) return [0];
    const relevant = pool.filter((x) => this.isMatadorCard(x));
    const out = new Set<number>();
    const n = relevant.length;
    for (let mask = 0; mask < 1 << n; mask++) {
      const chosen = relevant.filter((_, i) => (mask >> i) & 1);
      if (chosen.length <= slots && pool.length - relevant.length >= slots - chosen.length) out.add(this.matadorsOf(chosen));
    }
    return [...out];
  }

  /** Per value −1..121: the gain with `mats` matadors (a deck whose deal gives the declarer that many). */
  private table(mats: number): Float64Array {
    let t = this.tables.get(mats);
    if (t) return t;
    const play = copyState(this.world);
    play.deck = this.deckWith(mats);
    play.cut = 0;
    const scorer = new Scorer(play, this.me);
    t = new Float64Array(123);
    for (let v = -1; v <= 121; v++) t[v + 1] = scorer.gain(v);
    this.tables.set(mats, t);
    return t;
  }

  /** A deck whose declarer's places hold the known cards and unknown ones that give `mats` matadors. */
  private deckWith(mats: number): Card[] {
    const game = this.game;
    const spitzen = this.world.config.spitzen;
    const known = new Set(this.known);
    const free = DECK.filter((x) => !known.has(x));
    const need = this.places.length - this.known.length;
    // The matador run is fixed by its top cards: try adding the run's cards (or leaving them out) greedily.
    const found = this.mats ? searchDeal(this.known, free, need, (cards) => matadors(game, cards, spitzen) === mats, (x) => this.isMatadorCard(x)) : null;
    const mine = found ?? [...this.known, ...free.slice(0, need)];
    const mineSet = new Set(mine);
    const rest = DECK.filter((x) => !mineSet.has(x));
    const deck: Card[] = new Array(32);
    let k = 0;
    let r = 0;
    const placeSet = new Set(this.places);
    for (let pos = 0; pos < 32; pos++) deck[pos] = placeSet.has(pos) ? mine[k++] : rest[r++];
    return deck;
  }
}

/** A deal for the declarer (the known cards and `need` of `free`) that passes `ok`, or null. */
function searchDeal(known: Card[], free: Card[], need: number, ok: (cards: Card[]) => boolean, relevant: (c: Card) => boolean): Card[] | null {
  const rel = free.filter(relevant);
  const plain = free.filter((x) => !relevant(x));
  for (let mask = 0; mask < 1 << rel.length; mask++) {
    const chosen = rel.filter((_, i) => (mask >> i) & 1);
    if (chosen.length > need || plain.length < need - chosen.length) continue;
    const cards = [...known, ...chosen, ...plain.slice(0, need - chosen.length)];
    if (ok(cards)) return cards;
  }
  return null;
}

/** The solver's values the play at `p` can still end with (see src/bots/solver/value.ts). */
export function valueRange(p: Position): [number, number] {
  const d = p.seats[p.declarer];
  const o = p.seats[other(p.declarer)];
  if (p.game === 'null') return d.tricks > 0 ? [0, 0] : [0, 1];
  if (p.game === 'ramsch') return [d.tricks === 0 ? -1 : o.points, o.tricks === 0 ? 121 : 120 - d.points - p.stockPoints];
  return [d.tricks === 0 ? -1 : d.points + p.stockPoints, o.tricks === 0 ? 121 : 120 - o.points];
}
