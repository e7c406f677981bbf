// The fast search: a position as a few 32-bit card sets; fail-soft null-window alpha-beta
// ("does the declarer reach t?") with make/unmake in place and no allocation; a transposition
// table of lower and upper bounds keyed by the cards left, the leader and who has a trick;
// enhanced transposition cutoffs at the answer; move ordering (the table's move, sure winners
// richest first, cheap cards); equivalent cards searched once; static bounds (trumps nobody can
// beat, plain winners the leader can cash). Speed before clarity here; minimax.ts is the
// readable twin it is tested against, and rules.test.ts holds its moves to the engine's.
//
// Cards are renumbered per game: bits ordered by suit class, then by trick-taking power, so a
// class is a contiguous run of bits and a higher bit of the same class wins. Side 0 is the
// declarer (the maximizing side), side 1 the other player.
//
// A search's state (the renumbered deal, the position changed in place, the table, the move
// buffers, the deadline) belongs to a SolverContext; nothing is shared between contexts but this
// module's constants. The state and the functions that search it are made together, once per
// context (searchIn, which says why).
import { DECK, POINTS, trickRules, type Card, type Seat } from '../../engine/index.ts';
import type { Position } from './position.ts';

const TRUMP = 4;
/** Bits 0..i-1 for i in 0..32. */
const LOW = new Int32Array(33);
for (let i = 0; i < 32; i++) LOW[i] = (1 << i) - 1;
LOW[32] = -1;

/**
 * Entries: 2^SMALL_BITS (2 MB) while a deal's searches are small, in buckets of four (32 bytes: a
 * look-up touches one cache line); a deal that stores more new entries than that grows it to
 * 2^LARGE_BITS (8 MB) for the rest of its searches. Most searches fit the small table and miss
 * the cache less (full values 0.82 times the time at the median against 8 MB always); the few
 * large ones would thrash it (a fixed 2 MB table slowed the slowest deal from 1.9 to 3.2 s).
 */
const SMALL_BITS = 18;
const LARGE_BITS = 20;
/** A hash's shift to a bucket (of four entries) of the small or the large table. */
const SMALL_SHIFT = 32 - (SMALL_BITS - 2);
const LARGE_SHIFT = 32 - (LARGE_BITS - 2);
/** Generations wrap at 7 bits: the table is emptied then. */
const GENERATIONS = 127;
const MAX_PLY = 34;
/** Lead positions between two looks at the clock: about a third of a millisecond of search. */
const CLOCK_EVERY = 1024;

const sideOf = (p: Position, seat: Seat) => (seat === p.declarer ? 0 : 1);
const loOf = (w: number) => ((w >>> 14) & 255) - 128;
const hiOf = (w: number) => ((w >>> 6) & 255) - 128;

function popcount(m: number): number {
  m = m - ((m >>> 1) & 0x55555555);
  m = (m & 0x33333333) + ((m >>> 2) & 0x33333333);
  return Math.imul((m + (m >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Thrown by a search that passes its context's deadline; the context stays usable. */
export class OutOfTime extends Error {
  constructor() {
    super('the solver ran past its deadline');
    this.name = 'OutOfTime';
  }
}

/** What a context's search does, on that context's own state (index.ts and the tests call it). */
export interface Search {
  /**
   * Load a position. The table is kept when the position is of the deal loaded before (a later
   * position of the same play, or another card at the same point); else a new generation empties it.
   */
  load(p: Position): void;
  /**
   * A fail-soft null-window search around `t` from the loaded position: a value ≥ t is a lower
   * bound of the position's value, a value < t an upper one. Records in `rootMove` the move that
   * proves it (the declarer's reaching t, or the other side's keeping it below).
   */
  probe(t: number): number;
  /** Whether the declarer's side reaches `t` from the loaded position (a probe). */
  reach(t: number): boolean;
  /** The best move found at the root by the last search (a bit), or -1. */
  rootMove(): number;
  /** Whether the loaded position's play is over (no card left, or a null declarer took a trick). */
  over(): boolean;
  /** The value of a loaded position whose play is over. */
  valueAtOver(): number;
  /** Static bounds of the loaded position's value (before any search). */
  staticBounds(): [number, number];
  /** Side to move at the root: 0 the declarer. */
  rootSide(): number;
  /** The card of a bit of the loaded deal. */
  cardOf(bit: number): Card;
  /** Lead positions visited since the last load. */
  nodes(): number;
  /** Whether the loaded deal's table has grown. */
  tableGrown(): boolean;
  /** Forget every position searched: the next load starts an empty table. */
  forget(): void;
  /** The cards the side to move may play in the loaded state, as the search generates them (before equivalence). */
  legalNow(): Card[];
  /**
   * Plays `card` for the side to move in the loaded state with the search's own make step (the
   * state is not restored). Returns the trick's winner (0 the declarer, 1 the other) and its card
   * points when the card completes a trick, else null.
   */
  step(card: Card): { winner: number; points: number } | null;
  /** A side's playable cards, every card left, card points and tricks in the loaded state. */
  sideNow(side: number): { playable: Card[]; left: Card[]; points: number; tricks: number };
}

/**
 * A solver's own state: its table (8 MB), its deadline, the position it searches. One search at a
 * time: a context holds the position in place while it searches.
 */
export class SolverContext {
  /** A time on `now`'s clock past which a search throws OutOfTime (Infinity: never). */
  deadline = Infinity;
  /** The clock the deadline is read on. */
  now: () => number;
  /** New entries a deal stores before the table grows (tests move it to grow mid-search, or never). */
  growAfter = 1 << SMALL_BITS;
  private made: Search | null = null;

  constructor(now: () => number = () => performance.now()) {
    this.now = now;
  }

  /** The search over this context's state, made with its table at the first use: a context never searched with costs nothing. */
  get search(): Search {
    return (this.made ??= searchIn(this));
  }

  /** Lead positions visited since the last position was loaded (benchmarks: a count the machine's load does not change). */
  get nodes(): number {
    return this.made?.nodes() ?? 0;
  }

  /** Whether the loaded deal's table has grown (tests). */
  tableGrown(): boolean {
    return this.made?.tableGrown() === true;
  }

  /** Forget every position searched: the next search starts an empty table (benchmarks). */
  forget(): void {
    this.made?.forget();
  }

  /** Whether the deadline has passed. */
  pastDeadline(): boolean {
    return this.now() > this.deadline;
  }
}

/**
 * The state of `context`'s searches, and the functions that search it. The state is in this
 * closure's variables, not in the context's fields, for speed: V8 compiles the functions of a
 * closure made only once in a thread against that closure's variables as constants (each typed
 * array's address and length folded in, not read again after every call). Read through the
 * context's fields (aliased to locals on entry), the same search took 1.10 to 1.15 times as long;
 * through one typed array holding all of the state, 1.05. The price: with a second context's
 * search made in the thread, the functions are compiled for any closure, and a search took 1.2
 * times as long (both made before the first search). Hence one context a thread (index.ts).
 */
function searchIn(context: SolverContext): Search {
  // ---------------------------------------------------------------- the deal, renumbered

  /** Suit class of each bit (0–3 printed suits, 4 trump). */
  const clsOf = new Int8Array(32);
  /** Card points of each bit. */
  const ptsOf = new Int8Array(32);
  /** The bits of each class. */
  const classMask = new Int32Array(5);
  /** The covered card (as a bit set) lying under each bit's card, turned when that card's trick is done. */
  const under = new Int32Array(32);
  /** Bits above i within its class. */
  const aboveInClass = new Int32Array(32);
  /** The card of each bit, and the bit of each card (by canonical deck index). */
  const cardOfBit: Card[] = new Array<Card>(32);
  const bitOfCard = new Map<Card, number>();

  /** 0: suit or grand (side 0 counts), 1: ramsch (side 1 counts), 2: null. */
  let mode = 0;
  /** The side whose card points are the value (suit, grand: 0; ramsch: 1). */
  let counted = 0;

  // ---------------------------------------------------------------- the position, in place

  /** Per side: the cards it may play now (open, hand), and every card it has left (covered too). */
  const play = new Int32Array(2);
  const rest = new Int32Array(2);
  /** Per side: card points (the declarer's with the stock) and tricks so far. */
  const points = new Int32Array(2);
  const tricks = new Int32Array(2);
  /** Who leads the trick in progress (or the next one). */
  let leader = 0;

  // ---------------------------------------------------------------- the transposition table

  let bucketShift = SMALL_SHIFT;
  const tableGrown = (): boolean => bucketShift === LARGE_SHIFT;
  /** New entries this generation may still store before the table grows. */
  let storesBeforeGrowth = context.growAfter;
  /**
   * Two words an entry: the cards left (the key); then generation << 25 | who has a trick << 23 |
   * leader << 22 (the key's rest; 0 = empty) | lower bound + 128 << 14 | upper bound + 128 << 6 |
   * 1 + the card (bit) that last proved a bound here (0: none). Bounds are relative to the counted
   * side's points so far. A full bucket gives up its entry with the fewest cards left (the cheapest
   * to search again): with one entry a slot, full values searched about 10 % more positions.
   */
  const tt = new Int32Array((1 << LARGE_BITS) * 2);
  let generation = 0;
  /** Lead positions visited since the last load. */
  let nodes = 0;

  // ---------------------------------------------------------------- setup

  /**
   * What the table's entries of this generation were computed under: for each card (by bit) the
   * side holding it (-1: not seen in any position loaded since) and the bit under it (-1: none).
   * A position that agrees on every card it has left shares the table: its keys mean the same.
   */
  const ownerSeen = new Int8Array(32).fill(-1);
  const underSeen = new Int8Array(32).fill(-1);
  let dealSeen = '';

  /**
   * Load a position into the search's state. The table is kept when the position is of the deal
   * loaded before (a later position of the same play, or another card at the same point); else a
   * new generation empties it.
   */
  function load(p: Position): void {
    nodes = 0;
    const deal = `${p.game} ${p.ramschTrumps} ${p.stockPoints} ${p.declarer}`;
    if (deal !== dealSeen) layout(p);
    let same = dealSeen !== '';
    under.fill(0);
    play.fill(0);
    rest.fill(0);
    const owner = new Int8Array(32).fill(-1);
    for (const seat of ['forehand', 'dealer'] as const) {
      const side = sideOf(p, seat);
      const s = p.seats[seat];
      for (const st of s.stacks) {
        if (st.open !== null) {
          const o = bitOfCard.get(st.open)!;
          play[side] |= 1 << o;
          owner[o] = side;
          if (st.covered !== null) under[o] = 1 << bitOfCard.get(st.covered)!;
        }
        if (st.covered !== null) owner[bitOfCard.get(st.covered)!] = side;
      }
      for (const c of s.hand) {
        const o = bitOfCard.get(c)!;
        play[side] |= 1 << o;
        owner[o] = side;
      }
      points[side] = s.points + (side === 0 ? p.stockPoints : 0);
      tricks[side] = s.tricks;
    }
    for (let b = 0; b < 32; b++) {
      if (owner[b] < 0) continue;
      rest[owner[b]] |= 1 << b;
      const u = under[b] === 0 ? -1 : 31 - Math.clz32(under[b]);
      if (ownerSeen[b] >= 0 && (ownerSeen[b] !== owner[b] || underSeen[b] !== u)) same = false;
    }
    ledBit = -1;
    if (p.trick.length > 0) {
      const led = p.trick[0];
      ledBit = bitOfCard.get(led.card)!;
      leader = sideOf(p, led.seat);
      // The covered card under the led card's stack turns when this trick is done.
      const st = p.seats[led.seat].stacks.find((x) => x.open === null && x.covered !== null);
      if (st) under[ledBit] = 1 << bitOfCard.get(st.covered!)!;
    } else leader = sideOf(p, p.toMove);
    if (!same) {
      ownerSeen.fill(-1);
      underSeen.fill(-1);
      generation++;
      if (generation > GENERATIONS) {
        tt.fill(0);
        generation = 1;
      }
      // A new deal starts on the small table (entries of older generations are never found).
      bucketShift = SMALL_SHIFT;
      storesBeforeGrowth = context.growAfter;
      dealSeen = deal;
    }
    for (let b = 0; b < 32; b++) {
      if (owner[b] < 0) continue;
      ownerSeen[b] = owner[b];
      underSeen[b] = under[b] === 0 ? -1 : 31 - Math.clz32(under[b]);
    }
  }

  /** Renumber the cards for the game (see the top of the file). */
  function layout(p: Position): void {
    const rules = trickRules(p.game, p.ramschTrumps);
    const classNo = (c: Card) => (rules.cls[c] === 'trump' ? TRUMP : 'CSHD'.indexOf(rules.cls[c]));
    const order = DECK.slice().sort((a, b) => classNo(a) - classNo(b) || rules.power[a] - rules.power[b]);
    classMask.fill(0);
    for (let bit = 0; bit < 32; bit++) {
      const c = order[bit];
      cardOfBit[bit] = c;
      bitOfCard.set(c, bit);
      clsOf[bit] = classNo(c);
      ptsOf[bit] = POINTS[c];
      classMask[clsOf[bit]] |= 1 << bit;
    }
    for (let bit = 0; bit < 32; bit++) aboveInClass[bit] = classMask[clsOf[bit]] & ~LOW[bit + 1];
    for (let c = 0; c < 5; c++) lowBit[c] = classMask[c] === 0 ? 0 : 31 - Math.clz32(classMask[c] & -classMask[c]);
    mode = p.game === 'null' ? 2 : p.game === 'ramsch' ? 1 : 0;
    counted = mode === 1 ? 1 : 0;
    dealSeen = '';
  }

  /** The lowest bit of each class. */
  const lowBit = new Int8Array(5);

  /** The led card of the trick in progress at the root, or -1. */
  let ledBit = -1;

  const cardOf = (bit: number): Card => cardOfBit[bit];
  /** Side to move at the root: 0 the declarer. */
  const rootSide = (): number => (ledBit >= 0 ? 1 - leader : leader);

  // ---------------------------------------------------------------- values

  /** The value (value.ts) when no card is left, or when a null declarer has taken a trick. */
  function finalValue(): number {
    if (mode === 2) return tricks[0] === 0 ? 1 : 0;
    if (tricks[0] === 0) return -1;
    if (tricks[1] === 0) return 121;
    return points[counted];
  }

  // ---------------------------------------------------------------- move lists (per ply, no allocation)

  const moveBuf = new Int8Array(MAX_PLY * 16);
  const scoreBuf = new Int32Array(MAX_PLY * 16);

  /** Candidates of `m` into the ply's buffer, high bit first, equivalent cards dropped. Returns the count. */
  function gather(m: number, opp: number, base: number): number {
    let n = 0;
    let prev = -1;
    while (m !== 0) {
      const b = 31 - Math.clz32(m);
      m ^= 1 << b;
      if (
        prev >= 0 &&
        clsOf[prev] === clsOf[b] &&
        under[prev] === 0 &&
        under[b] === 0 &&
        (mode === 2 || ptsOf[prev] === ptsOf[b]) &&
        (opp & LOW[prev] & ~LOW[b + 1]) === 0
      ) {
        prev = b;
        continue; // as good as the card just above it
      }
      prev = b;
      moveBuf[base + n++] = b;
    }
    return n;
  }

  /** Sort the ply's moves by score, best first (insertion sort: a handful of cards). */
  function sortMoves(base: number, n: number): void {
    for (let i = 1; i < n; i++) {
      const mv = moveBuf[base + i];
      const sc = scoreBuf[base + i];
      let j = i - 1;
      while (j >= 0 && scoreBuf[base + j] < sc) {
        moveBuf[base + j + 1] = moveBuf[base + j];
        scoreBuf[base + j + 1] = scoreBuf[base + j];
        j--;
      }
      moveBuf[base + j + 1] = mv;
      scoreBuf[base + j + 1] = sc;
    }
  }

  // ---------------------------------------------------------------- the search

  /** The best move found at the root by the last search (a bit), or -1. */
  let rootMove = -1;

  /** The first word of the bucket of the cards left `kc` and the key's rest `m` (leader, trick flags). */
  function bucketOf(kc: number, m: number): number {
    const h = Math.imul(kc ^ Math.imul(m & 7, 0x9e3779b1), 0x85ebca6b);
    return (Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> bucketShift) << 3;
  }

  /**
   * Grows the table to 2^LARGE_BITS entries, keeping this generation's entries: each is stored
   * again in its bucket of the large table (an entry left where it was is still right for its key,
   * only in a bucket its look-ups no longer visit).
   */
  function grow(): void {
    const small = tt.slice(0, (1 << SMALL_BITS) * 2);
    bucketShift = LARGE_SHIFT;
    storesBeforeGrowth = 0x7fffffff;
    for (let i = 0; i < small.length; i += 2) {
      const w = small[i + 1];
      if (w >>> 25 !== generation) continue;
      const m = w >>> 22;
      store(bucketOf(small[i], m), small[i], m, loOf(w), hiOf(w), (w & 63) - 1);
    }
  }

  /** The second word of the entry of `kc`, `m` (generation << 3 | flags) in bucket `b`, or -1. */
  function find(b: number, kc: number, m: number): number {
    for (let i = b; i < b + 8; i += 2) if (tt[i] === kc && tt[i + 1] >>> 22 === m) return i + 1;
    return -1;
  }

  /** Stores bounds (relative) and the best card of `kc`, `m` in bucket `b`: over its own entry, else the one with the fewest cards left. */
  function store(b: number, kc: number, m: number, lo: number, hi: number, best: number): void {
    let at = b;
    let fewest = 99;
    let isNew = true;
    for (let i = b; i < b + 8; i += 2) {
      const w = tt[i + 1];
      if (tt[i] === kc && w >>> 22 === m) {
        at = i;
        isNew = false;
        break;
      }
      const left = w >>> 25 !== generation ? -1 : popcount(tt[i]);
      if (left < fewest) {
        fewest = left;
        at = i;
      }
    }
    tt[at] = kc;
    tt[at + 1] = (m << 22) | ((lo + 128) << 14) | ((hi + 128) << 6) | (best + 1);
    // Growing mid-search is sound: a bucket index a caller still holds only misplaces its entry.
    if (isNew && --storesBeforeGrowth === 0) grow();
  }

  /**
   * A null-window search at a trick start (the leader to lead) around `t`: returns a value ≥ t
   * when the declarer's side reaches t, else a value < t; fail-soft, so the value returned is a
   * bound on the true one that may lie beyond t (a lower bound when ≥ t, an upper one when < t).
   * `ply` indexes the move buffers; at ply 0 neither the table nor the bounds answer, so the
   * root's move is known.
   */
  function leadNode(t: number, ply: number): number {
    if ((++nodes & (CLOCK_EVERY - 1)) === 0) lookAtClock();
    const me = leader;
    if (rest[me] === 0) return finalValue();
    if ((rest[me] & (rest[me] - 1)) === 0) return lastTrick();
    const base = mode === 2 ? 0 : points[counted];
    const meta = (generation << 3) | (tricks[0] > 0 ? 2 : 0) | (tricks[1] > 0 ? 4 : 0) | me;
    const kc = rest[0] | rest[1];
    const bucket = bucketOf(kc, meta);
    // Bounds on the value, from the table and from the cards.
    let lo = -1;
    let hi = 121;
    let best = -1;
    const at = find(bucket, kc, meta);
    if (at >= 0) {
      const w = tt[at];
      lo = loOf(w) + base;
      hi = hiOf(w) + base;
      best = (w & 63) - 1;
    }
    if (ply > 0) {
      if (lo >= t) return lo;
      if (hi < t) return hi;
      // The static bounds, for a position the table does not know (an entry stored below the root
      // holds them already: the bounds stored were clipped to them).
      if (at < 0) {
        bounds();
        lo = boundLo;
        hi = boundHi;
        if (lo >= t) return lo;
        if (hi < t) return hi;
      }
    }
    const opp = 1 - me;
    const mb = ply * 16;
    const n = gather(play[me], rest[opp], mb);
    // Order the leads: the table's move; sure winners, richest first; else cheap cards of the
    // classes the other side holds fewest playable cards of, those it may ruff (void in their
    // suit, a trump in hand) last.
    const oppPlay = play[opp];
    for (let i = 0; i < n; i++) {
      const b = moveBuf[mb + i];
      const c = clsOf[b];
      const oppClass = oppPlay & classMask[c];
      const beatable = (oppClass & aboveInClass[b]) !== 0 || (oppClass === 0 && c !== TRUMP && (oppPlay & classMask[TRUMP]) !== 0);
      let s: number;
      if (b === best) s = 1 << 20;
      else if (mode === 0)
        s = beatable ? 100 - ptsOf[b] * 4 - (b - lowBit[c]) - (oppClass === 0 ? 80 : popcount(oppClass) * 10) : 1000 + ptsOf[b] * 4 + (oppClass !== 0 ? 30 : 0);
      else s = beatable ? 1000 - ptsOf[b] * 4 - b : 100 - ptsOf[b] * 4 - b;
      scoreBuf[mb + i] = s;
    }
    sortMoves(mb, n);
    const maximizing = me === 0;
    let value = maximizing ? -1000 : 1000;
    let cut = -1;
    for (let i = 0; i < n; i++) {
      const b = moveBuf[mb + i];
      const bit = 1 << b;
      play[me] ^= bit;
      rest[me] ^= bit;
      const v = followNode(t, b, ply + 1);
      play[me] ^= bit;
      rest[me] ^= bit;
      if (maximizing ? v > value : v < value) {
        value = v;
        cut = b;
        if (maximizing ? v >= t : v < t) break;
      }
    }
    // A value proven outside the bounds known is clipped to them (fail-soft stays sound); not at
    // the root, where the value must be the one its move proves.
    if (ply > 0) {
      if (value < lo) value = lo;
      if (value > hi) value = hi;
    }
    if (ply === 0 && cut >= 0) rootMove = cut;
    // Store the bound this search proved.
    if (value >= t) {
      if (value > lo) lo = value;
    } else if (value < hi) hi = value;
    store(bucket, kc, meta, lo - base, hi - base, cut);
    return value;
  }

  /**
   * Throws OutOfTime past the context's deadline. A function of its own so that leadNode's code
   * stays small: with the look and the throw in it, full values took a few per cent longer. An
   * abandoned search leaves the table sound: only bounds proven in full were stored.
   */
  function lookAtClock(): void {
    if (context.pastDeadline()) throw new OutOfTime();
  }

  /** The last trick (one card each, the leader to lead): played out directly. */
  function lastTrick(): number {
    const a = 31 - Math.clz32(rest[leader]);
    const b = 31 - Math.clz32(rest[1 - leader]);
    const winner = beatsLed(a, b) ? 1 - leader : leader;
    const pts = ptsOf[a] + ptsOf[b];
    points[winner] += pts;
    tricks[winner]++;
    const v = finalValue();
    tricks[winner]--;
    points[winner] -= pts;
    return v;
  }

  let boundLo = 0;
  let boundHi = 0;
  /** Static bounds of the value at a trick start, into boundLo and boundHi. */
  function bounds(): void {
    if (mode === 2) {
      boundLo = 0;
      boundHi = 1;
      return;
    }
    const base = points[counted];
    // A trump above every trump the other side has left wins its trick, whenever it is played.
    const t0 = rest[0] & classMask[TRUMP];
    const t1 = rest[1] & classMask[TRUMP];
    let sure0 = 0;
    let sure1 = 0;
    if (t1 === 0) sure0 = t0;
    else if (t0 === 0) sure1 = t1;
    else if (t0 >>> 0 > t1 >>> 0) sure0 = t0 & ~LOW[32 - Math.clz32(t1)];
    else sure1 = t1 & ~LOW[32 - Math.clz32(t0)];
    let p0 = 0;
    for (let m = sure0; m !== 0; m &= m - 1) p0 += ptsOf[31 - Math.clz32(m & -m)];
    let p1 = 0;
    for (let m = sure1; m !== 0; m &= m - 1) p1 += ptsOf[31 - Math.clz32(m & -m)];
    const pc = counted === 0 ? p0 : p1;
    const po = counted === 0 ? p1 : p0;
    boundLo = tricks[0] > 0 || sure0 !== 0 ? base + pc : -1;
    boundHi = tricks[1] > 0 || sure1 !== 0 ? 120 - points[1 - counted] - po : 121;
    if (mode === 0) {
      // Suit and grand: the leader may first cash its plain cards the other side cannot beat.
      const cash = cashable(leader);
      if (cash >= 0) {
        if (leader === 0) boundLo = (boundLo < 0 ? base : boundLo) + cash;
        else boundHi = (tricks[1] > 0 || sure1 !== 0 ? boundHi : 120 - points[1] - po) - cash;
      }
    }
  }

  /**
   * The card points the leader `me` takes for sure by leading, one after another, its plain cards
   * above every card of their suit the other side has left, while the other side must follow (it
   * has a playable card of the suit) or has no trump left at all; -1 when it can cash none. The
   * other side's answers are counted at its cheapest cards of the suit (covered ones included).
   */
  function cashable(me: number): number {
    const opp = 1 - me;
    const oppTrumps = rest[opp] & classMask[TRUMP];
    let cash = -1;
    for (let c = 0; c < 4; c++) {
      const mine = play[me] & classMask[c];
      if (mine === 0) continue;
      let oppRest = rest[opp] & classMask[c];
      let forced = popcount(play[opp] & classMask[c]);
      let winners = oppRest === 0 ? mine : mine & ~LOW[32 - Math.clz32(oppRest)];
      while (winners !== 0) {
        const x = 31 - Math.clz32(winners);
        winners ^= 1 << x;
        if (forced > 0) {
          // The other side's cheapest card of the suit (they are ordered by power, not by points).
          let cheapest = -1;
          for (let m = oppRest; m !== 0; m &= m - 1) {
            const y = 31 - Math.clz32(m & -m);
            if (cheapest < 0 || ptsOf[y] < ptsOf[cheapest]) cheapest = y;
          }
          oppRest ^= 1 << cheapest;
          forced--;
          cash = (cash < 0 ? 0 : cash) + ptsOf[x] + ptsOf[cheapest];
        } else if (oppTrumps === 0) cash = (cash < 0 ? 0 : cash) + ptsOf[x];
        else break;
      }
    }
    return cash;
  }

  /** The cards side `me` may answer the led card `a` with: its playable cards of a's class, or any. */
  function answers(me: number, a: number): number {
    const m = play[me] & classMask[clsOf[a]];
    return m === 0 ? play[me] : m;
  }

  /** Whether the answer `b` beats the led card `a`. */
  function beatsLed(a: number, b: number): boolean {
    const cb = clsOf[b];
    return cb === clsOf[a] ? b > a : cb === TRUMP;
  }

  /** The follower answers the led card `a`; then the trick is complete. Fail-soft around `t` as leadNode. */
  function followNode(t: number, a: number, ply: number): number {
    const me = 1 - leader;
    const opp = leader;
    const mb = ply * 16;
    const n = gather(answers(me, a), rest[opp] | (1 << a), mb);
    const ca = clsOf[a];
    const trickPts = ptsOf[a];
    for (let i = 0; n > 1 && i < n; i++) {
      const b = moveBuf[mb + i];
      const cb = clsOf[b];
      const wins = beatsLed(a, b);
      let s: number;
      if (mode === 0) s = wins ? 1000 + ptsOf[b] * 4 - (cb !== ca ? (b - lowBit[cb]) * 8 : 0) : 100 - ptsOf[b] * 4 - (b - lowBit[cb]);
      else if (mode === 1) s = wins ? 100 - ptsOf[b] * 4 - b : 1000 + ptsOf[b] * 4 + b;
      else s = wins ? 100 - b : 1000 + b;
      scoreBuf[mb + i] = s;
    }
    if (n > 1) sortMoves(mb, n);
    const maximizing = me === 0;
    const r2 = rest[me] & (rest[me] - 1);
    if (n > 1 && (r2 & (r2 - 1)) !== 0) {
      // Enhanced transposition cutoff: an answer whose position after the trick the table already
      // decides in this side's favour ends the search here, before any answer is searched. Not with
      // two cards left a side: the last trick is played out directly and never stored.
      const f = (tricks[0] > 0 ? 2 : 0) | (tricks[1] > 0 ? 4 : 0);
      const all = rest[0] | rest[1];
      for (let i = 0; i < n; i++) {
        const b = moveBuf[mb + i];
        const winner = beatsLed(a, b) ? me : opp;
        if (mode === 2 && winner === 0) {
          if (maximizing) continue;
          if (ply === 0) rootMove = b;
          return 0;
        }
        const kc = all ^ (1 << b);
        if (kc === 0) continue;
        const meta = (generation << 3) | f | (winner === 0 ? 2 : 4) | winner;
        const at = find(bucketOf(kc, meta), kc, meta);
        if (at < 0) continue;
        const base = mode === 2 ? 0 : points[counted] + (winner === counted ? trickPts + ptsOf[b] : 0);
        const bound = (maximizing ? loOf(tt[at]) : hiOf(tt[at])) + base;
        if (maximizing ? bound >= t : bound < t) {
          if (ply === 0) rootMove = b;
          return bound;
        }
      }
    }
    const savedLeader = leader;
    const underA = under[a];
    let value = maximizing ? -1000 : 1000;
    for (let i = 0; i < n; i++) {
      const b = moveBuf[mb + i];
      const bit = 1 << b;
      const winner = beatsLed(a, b) ? me : opp;
      const pts = trickPts + ptsOf[b];
      play[me] ^= bit;
      rest[me] ^= bit;
      // The covered cards under the trick's two cards are turned.
      const underB = under[b];
      play[opp] |= underA;
      play[me] |= underB;
      points[winner] += pts;
      tricks[winner]++;
      leader = winner;
      const v = mode === 2 && winner === 0 ? 0 : leadNode(t, ply + 1);
      leader = savedLeader;
      tricks[winner]--;
      points[winner] -= pts;
      play[me] ^= underB;
      play[opp] ^= underA;
      play[me] ^= bit;
      rest[me] ^= bit;
      if (maximizing ? v > value : v < value) {
        value = v;
        if (ply === 0) rootMove = b;
        if (maximizing ? v >= t : v < t) return v;
      }
    }
    return value;
  }

  /**
   * Whether the declarer's side reaches `t` from the loaded position. Records in `rootMove` the
   * move that proves it (the side to move is the declarer's and it does) or refutes it (the other's).
   */
  function reach(t: number): boolean {
    return probe(t) >= t;
  }

  /**
   * A fail-soft null-window search around `t` from the loaded position: a value ≥ t is a lower
   * bound of the position's value, a value < t an upper one. Records in `rootMove` the move that
   * proves it (the declarer's reaching t, or the other side's keeping it below).
   */
  function probe(t: number): number {
    rootMove = -1;
    // At the root mid-trick, the follower answers; the led card is out of its leader's cards already.
    return ledBit >= 0 ? followNode(t, ledBit, 0) : leadNode(t, 0);
  }

  /** Whether the loaded position's play is over (no card left, or a null declarer took a trick). */
  function over(): boolean {
    return (rest[0] | rest[1]) === 0 || (mode === 2 && tricks[0] > 0);
  }

  /** The value of a loaded position whose play is over. */
  const valueAtOver = (): number => finalValue();

  /** Static bounds of the loaded position's value (before any search). */
  function staticBounds(): [number, number] {
    if (mode === 2) return [0, tricks[0] > 0 ? 0 : 1];
    if (ledBit < 0) {
      bounds();
      return [boundLo, boundHi];
    }
    const lo = tricks[0] > 0 ? points[counted] : -1;
    const hi = tricks[1] > 0 ? 120 - points[1 - counted] : 121;
    return [lo, hi];
  }

  // ---------------------------------------------------------------- stepping (for the tests)

  const cardsOf = (m: number): Card[] => {
    const out: Card[] = [];
    for (let b = 0; b < 32; b++) if ((m >>> b) & 1) out.push(cardOfBit[b]);
    return out;
  };

  /** The cards the side to move may play in the loaded state, as the search generates them (before equivalence). */
  function legalNow(): Card[] {
    return cardsOf(ledBit >= 0 ? answers(1 - leader, ledBit) : play[leader]);
  }

  /**
   * Plays `card` for the side to move in the loaded state with the search's own make step (the
   * state is not restored). Returns the trick's winner (0 the declarer, 1 the other) and its card
   * points when the card completes a trick, else null.
   */
  function step(card: Card): { winner: number; points: number } | null {
    const b = bitOfCard.get(card)!;
    const bit = 1 << b;
    if (ledBit < 0) {
      play[leader] ^= bit;
      rest[leader] ^= bit;
      ledBit = b;
      return null;
    }
    const a = ledBit;
    const me = 1 - leader;
    const winner = beatsLed(a, b) ? me : leader;
    const pts = ptsOf[a] + ptsOf[b];
    play[me] ^= bit;
    rest[me] ^= bit;
    play[leader] |= under[a];
    play[me] |= under[b];
    points[winner] += pts;
    tricks[winner]++;
    leader = winner;
    ledBit = -1;
    return { winner, points: pts };
  }

  /** A side's playable cards, every card left, card points and tricks in the loaded state. */
  function sideNow(side: number): { playable: Card[]; left: Card[]; points: number; tricks: number } {
    return { playable: cardsOf(play[side]), left: cardsOf(rest[side]), points: points[side], tricks: tricks[side] };
  }

  return {
    load,
    probe,
    reach,
    rootMove: () => rootMove,
    over,
    valueAtOver,
    staticBounds,
    rootSide,
    cardOf,
    nodes: () => nodes,
    tableGrown,
    forget: () => {
      dealSeen = '';
    },
    legalNow,
    step,
    sideNow,
  };
}
