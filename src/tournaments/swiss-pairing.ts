// A Swiss round's pairing as a maximum-weight matching that honours the FIDE Dutch system's rules:
// - absolute: no two players meet twice (such an edge is not in the graph), nobody gets a
//   second bye, and everyone present is paired (a perfect matching);
// - the bye, when the count is odd, goes to the lowest-ranked player (lowest score, then rating)
//   who has had none and whose absence leaves the others a perfect matching: candidates are
//   tried from the bottom, and the first almost always does;
// - then the score differences of the pairs, squared (pairs within score groups, few and short
//   floats);
// - then the first/second balance (like chess colours), then top half against bottom half of
//   a score group by rating, as the Dutch system seeds.
// Each level of the weights outweighs everything below it summed over the whole round, so the
// order is strict.
// A round of 1,000 players would be a graph of 500,000 edges: the matching first runs on a
// sparse graph (each player's neighbours in the ranking, and the opponents the Dutch seeding
// would give, the nearest of them with a suiting balance among them), and on the full one only when the sparse one leaves somebody unpaired.
import { type WeightedEdge, maxWeightMatching } from './blossom.ts';

export interface SwissEntrant {
  playerId: string;
  /** Tournament score so far: win 1, draw ½, loss 0, bye 1. */
  score: number;
  /** Orders players within a score group (seeding). */
  rating: number;
  /** Everyone met before: a repeat is never allowed. */
  opponents: readonly string[];
  /** At most one bye per player. */
  hadBye: boolean;
  /** (Times this player sat "first") minus (times "second"): balanced like chess colours. */
  firstBalance: number;
}

/** "first" is forehand in the pairing's first game. */
export interface Pair {
  first: string;
  second: string;
}

export interface SwissPairing {
  pairs: Pair[];
  bye: string | null;
}

/** Fields up to this size are always paired on the full graph (exact, and fast enough). */
const FULL_GRAPH_UP_TO = 64;
/** The sparse graph: each player's next NEIGHBOURS in the ranking … */
const NEIGHBOURS = 12;
/** … and the Dutch seeding's opponent in the score group, and this many either side of it. */
const SEEDING_SPREAD = 5;
/** … and the COLOUR_MATES nearest to it beyond those whose first/second balance suits the player's. */
const COLOUR_MATES = 4;
/** Score differences (in half points) are capped here: farther is as bad as this. */
const MAX_GAP = 60;
/** A balance difference this big and more weighs the same. */
const MAX_COLOUR = 3;
const MAX_SEEDING = 10;
/** The lowest levels of one pair: colour × (MAX_SEEDING + 1) + seeding ≤ LOW_MAX. */
const LOW_MAX = MAX_COLOUR * (MAX_SEEDING + 1) + MAX_SEEDING;

/** The ranking the pairing orders by: score, then rating, then id (the pairing is a function of its input). */
export function bySwissRank(a: SwissEntrant, b: SwissEntrant): number {
  return b.score - a.score || b.rating - a.rating || (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0);
}

/** The round's pairing of the present entrants, or null when no legal pairing exists (no repeat, ≤ 1 bye each). */
export function pairSwissRound(entrants: readonly SwissEntrant[]): SwissPairing | null {
  const players = [...entrants].sort(bySwissRank);
  if (players.length % 2 === 0) {
    const pairs = pairEveryone(players);
    return pairs && { pairs, bye: null };
  }
  for (let bye = players.length - 1; bye >= 0; bye--) {
    if (players[bye].hadBye) continue;
    const pairs = pairEveryone(players.filter((_, i) => i !== bye));
    if (pairs) return { pairs, bye: players[bye].playerId };
  }
  return null;
}

/** A perfect matching of an even field (ranked), or null when none is legal. */
function pairEveryone(players: SwissEntrant[]): Pair[] | null {
  if (players.length === 0) return [];
  const graph = new SwissGraph(players);
  if (players.length > FULL_GRAPH_UP_TO) {
    const mate = graph.match(graph.sparseEdges());
    if (graph.isPerfect(mate)) return graph.pairing(mate);
  }
  const mate = graph.match(graph.fullEdges());
  return graph.isPerfect(mate) ? graph.pairing(mate) : null;
}

class SwissGraph {
  private readonly n: number;
  private readonly halves: number[];
  private readonly met: Set<string>[];
  /** The first rank of each player's score group, and the group's size. */
  private readonly groupStart: number[] = [];
  private readonly groupSize: number[] = [];
  private readonly pairsCount: number;
  private readonly scoreUnit: number;
  private readonly top: number;

  constructor(private readonly players: SwissEntrant[]) {
    this.n = players.length;
    this.halves = players.map((p) => Math.round(p.score * 2));
    this.met = players.map((p) => new Set(p.opponents));
    for (let i = 0; i < this.n; i++) {
      const start = i > 0 && this.halves[i] === this.halves[i - 1] ? this.groupStart[i - 1] : i;
      this.groupStart.push(start);
    }
    for (let i = this.n - 1; i >= 0; i--)
      this.groupSize[i] = i < this.n - 1 && this.groupStart[i + 1] === this.groupStart[i] ? this.groupSize[i + 1] : i - this.groupStart[i] + 1;
    this.pairsCount = Math.floor(this.n / 2);
    // Strict levels: a unit of one level is more than the most the levels below can add up to.
    this.scoreUnit = LOW_MAX * this.pairsCount + 1;
    this.top = MAX_GAP * MAX_GAP * this.scoreUnit + LOW_MAX + 1;
  }

  private legal(i: number, j: number): boolean {
    return !this.met[i].has(this.players[j].playerId) && !this.met[j].has(this.players[i].playerId);
  }

  /** What pairing i with j costs (i ranked above j): score gap², then colour, then seeding. */
  private cost(i: number, j: number): number {
    const gap = Math.min(Math.abs(this.halves[i] - this.halves[j]), MAX_GAP);
    const a = this.players[i].firstBalance;
    const b = this.players[j].firstBalance;
    // Both wanting the same side: one of them drifts further by the smaller imbalance.
    const colour = Math.min(MAX_COLOUR, a * b > 0 ? Math.min(Math.abs(a), Math.abs(b)) : 0);
    let seeding = 0;
    if (this.groupStart[i] === this.groupStart[j]) {
      const half = Math.floor(this.groupSize[i] / 2);
      seeding = Math.min(MAX_SEEDING, Math.abs(j - i - half));
    }
    return gap * gap * this.scoreUnit + colour * (MAX_SEEDING + 1) + seeding;
  }

  private edge(i: number, j: number): WeightedEdge {
    return [i, j, this.top - this.cost(i, j)];
  }

  fullEdges(): WeightedEdge[] {
    const out: WeightedEdge[] = [];
    for (let i = 0; i < this.n; i++) for (let j = i + 1; j < this.n; j++) if (this.legal(i, j)) out.push(this.edge(i, j));
    return out;
  }

  sparseEdges(): WeightedEdge[] {
    const out: WeightedEdge[] = [];
    const seen = new Set<number>();
    const add = (i: number, j: number) => {
      if (j <= i || j >= this.n || seen.has(i * this.n + j) || !this.legal(i, j)) return;
      seen.add(i * this.n + j);
      out.push(this.edge(i, j));
    };
    for (let i = 0; i < this.n; i++) {
      for (let j = i + 1; j <= i + NEIGHBOURS; j++) add(i, j);
      const start = this.groupStart[i];
      const half = Math.floor(this.groupSize[i] / 2);
      const seed = i + half;
      const end = start + this.groupSize[i];
      for (let j = seed - SEEDING_SPREAD; j <= seed + SEEDING_SPREAD; j++) if (j < end) add(i, j);
      // And the nearest to the seeding's opponent, either way, whose balance suits i's.
      const balance = this.players[i].firstBalance;
      if (balance === 0) continue;
      let found = 0;
      for (let d = SEEDING_SPREAD + 1; found < COLOUR_MATES && (seed - d > i || seed + d < end); d++)
        for (const j of [seed - d, seed + d])
          if (j > i && j < end && this.players[j].firstBalance * balance <= 0 && this.legal(i, j)) add(i, j), found++;
    }
    return out;
  }

  match(edges: WeightedEdge[]): number[] {
    return maxWeightMatching(this.n, edges, { maxCardinality: true, greedyStart: true });
  }

  isPerfect(mate: number[]): boolean {
    for (let i = 0; i < this.n; i++) if (mate[i] < 0) return false;
    return true;
  }

  pairing(mate: number[]): Pair[] {
    const pairs: Pair[] = [];
    let board = 0;
    for (let i = 0; i < this.n; i++) {
      const j = mate[i];
      if (j < i) continue;
      // Boards in ranking order. The one who sat first less often sits first; on equal
      // balances the higher-ranked player sits first on odd boards, second on even ones.
      const a = this.players[i];
      const b = this.players[j];
      const higherFirst = a.firstBalance !== b.firstBalance ? a.firstBalance < b.firstBalance : board % 2 === 0;
      pairs.push(higherFirst ? { first: a.playerId, second: b.playerId } : { first: b.playerId, second: a.playerId });
      board++;
    }
    return pairs;
  }
}
