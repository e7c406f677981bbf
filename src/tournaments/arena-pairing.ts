// One wave of an arena's pairing: the players free at this moment, paired as a maximum-weight
// matching. In order, each level outweighing everything below it summed over the wave:
// - as many pairs as possible (everyone but one when the count is odd);
// - as few back-to-back rematches as possible (two who just played each other meet again
//   only when nobody else is free for one of them; the step holds such a pair a while when
//   others will soon be free: rematch-hold.ts);
// - the tournament scores nearest: the sum of the squared score differences is least (a square,
//   so one long stretch costs more than two short ones);
// - then the ratings nearest, and with an odd count the lowest-ranked player waits.
// Who waits with an odd count: whoever the matching leaves out. The scores decide first, so an
// outlier (the runaway leader, or the last) waits rather than stretch a pair to reach them, and
// among equals the lowest-ranked waits: the top of the table is where the arena is decided, and
// the wait lasts only until the next player is free.
// Large waves pair on a sparse graph (each player's nearest in the ranking), which always holds a
// pairing of everyone: neighbours in the ranking can always play, at worst as a rematch.
// Bots: in an arena people play (bots "allow"), two bots are never paired, whatever the weights
// (no edge between them: a hard rule, not a cost), so a bot waits for a person; else bots that
// finish their games fast would play each other hundreds of times and farm the table. People are
// paired with whoever is free, people and bots alike. A bot league ("only") pairs bots with bots.
// Pairs held apart (`apart`: a back-to-back rematch waiting for others, rematch-hold.ts) have no
// edge either.
import { type WeightedEdge, maxWeightMatching } from './blossom.ts';
import type { Pair } from './swiss-pairing.ts';

export interface ArenaWaiter {
  playerId: string;
  /** Tournament score so far (2 a win, 1 a draw or a game passed in). */
  score: number;
  rating: number;
  /** The opponent of this player's last game in the tournament, if any. */
  lastOpponent: string | null;
  /** A bot account (never paired with another bot unless the wave allows it). */
  bot?: boolean;
}

export interface WaveRules {
  /** Whether two bots may be paired: only in a bot league (bots "only"). */
  botsMeet: boolean;
  /** Pairs that may not meet in this wave: back-to-back rematches held (rematch-hold.ts). */
  apart?: readonly Pair[];
}

/** Waves up to this size are paired on the full graph. */
const FULL_GRAPH_UP_TO = 24;
/** The sparse graph: each player's next NEIGHBOURS in the ranking. */
const NEIGHBOURS = 8;
/** Score differences (in half points) are capped here. */
const MAX_GAP = 400;
/** Rating differences count in steps of RATING_STEP, up to MAX_RATING steps. */
const RATING_STEP = 25;
const MAX_RATING = 64;

/** The ranking of a wave: score, then rating, then id. */
function byArenaRank(a: ArenaWaiter, b: ArenaWaiter): number {
  return b.score - a.score || b.rating - a.rating || (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0);
}

/** Whether a and b played each other in their last games. */
export function isRematch(a: ArenaWaiter, b: ArenaWaiter): boolean {
  return a.lastOpponent === b.playerId || b.lastOpponent === a.playerId;
}

/** Whether a and b may be paired at all under `rules`. */
const mayMeet = (a: ArenaWaiter, b: ArenaWaiter, rules: WaveRules) =>
  (rules.botsMeet || !(a.bot && b.bot)) && !rules.apart?.some((p) => (p.first === a.playerId && p.second === b.playerId) || (p.first === b.playerId && p.second === a.playerId));

/** Pairs the free players of one wave (see above for the order of the rules and who waits). */
export function pairArenaWave(waiting: readonly ArenaWaiter[], rules: WaveRules = { botsMeet: false }): Pair[] {
  const players = [...waiting].sort(byArenaRank);
  const n = players.length;
  if (n < 2) return [];
  const pairsCount = Math.floor(n / 2);
  const halves = players.map((p) => Math.round(p.score * 2));
  // Strict levels: rating steps and the waiter's rank (< n) below a unit of score, score below a rematch.
  const scoreUnit = pairsCount * MAX_RATING + n + 1;
  const pairMax = MAX_GAP * MAX_GAP * scoreUnit + MAX_RATING;
  const rematchUnit = pairsCount * pairMax + n + 1;
  const top = rematchUnit + pairMax + 1;
  const cost = (i: number, j: number) => {
    const gap = Math.min(Math.abs(halves[i] - halves[j]), MAX_GAP);
    const rating = Math.min(MAX_RATING, Math.floor(Math.abs(players[i].rating - players[j].rating) / RATING_STEP));
    return (isRematch(players[i], players[j]) ? rematchUnit : 0) + gap * gap * scoreUnit + rating;
  };
  const edges: WeightedEdge[] = [];
  const joined = new Set<number>();
  const join = (i: number, j: number) => {
    const [a, b] = i < j ? [i, j] : [j, i];
    if (a === b || joined.has(a * n + b) || !mayMeet(players[a], players[b], rules)) return;
    joined.add(a * n + b);
    edges.push([a, b, top - cost(a, b)]);
  };
  const reach = n <= FULL_GRAPH_UP_TO ? n : NEIGHBOURS;
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n && j <= i + reach; j++) join(i, j);
  // On the sparse graph a bot's neighbours in the ranking may all be bots: it is joined to its
  // nearest people in the ranking too.
  if (reach < n && !rules.botsMeet) {
    for (let i = 0; i < n; i++) {
      if (!players[i].bot) continue;
      let found = 0;
      for (let d = 1; found < NEIGHBOURS && (i - d >= 0 || i + d < n); d++)
        for (const j of [i - d, i + d])
          if (j >= 0 && j < n && !players[j].bot && found < NEIGHBOURS) {
            join(i, j);
            found++;
          }
    }
  }
  // The waiting vertex: leaving the player of rank i out costs n − 1 − i (the last costs nothing).
  if (n % 2 === 1) for (let i = 0; i < n; i++) edges.push([i, n, top - (n - 1 - i)]);
  // The greedy start is for a wave that can be paired whole (it finds the heaviest matching only
  // when it is perfect): not when more bots wait than people can take, nor when pairs are held
  // apart (their edges missing, a perfect one may not exist).
  const botCount = rules.botsMeet ? 0 : players.filter((p) => p.bot).length;
  const perfect = botCount <= n - botCount && !rules.apart?.length;
  const mate = maxWeightMatching(n + (n % 2), edges, { maxCardinality: true, greedyStart: perfect });
  const pairs: Pair[] = [];
  for (let i = 0; i < n; i++) {
    const j = mate[i];
    // "first" (forehand in the first game) is the higher-ranked player: the service may alternate it.
    if (j > i && j < n) pairs.push({ first: players[i].playerId, second: players[j].playerId });
  }
  return pairs;
}
