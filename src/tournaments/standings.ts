// The standings of a tournament from its results alone (a pure function: recomputed, never
// updated in place). Withdrawn players keep the score they made and their place in the table.
// Players with the same score and tiebreaks share a rank (1, 2, 2, 4: "competition ranking"),
// listed by playerId among themselves: an id says nothing about who played better, so it may
// order the table but not split a place.

export interface SwissResult {
  round: number;
  first: string;
  /** null: a bye for first. */
  second: string | null;
  /** Score-sheet points over the pairing's games. */
  firstPoints: number;
  secondPoints: number;
}

export interface ArenaResult {
  first: string;
  second: string;
  /** Score-sheet points. */
  firstPoints: number;
  secondPoints: number;
  /** null: drawn, or passed in. */
  winner: string | null;
  /** The game was passed in (nobody declared): 1 each, like a draw. */
  passedIn?: boolean;
}

export interface Standing {
  rank: number;
  playerId: string;
  score: number;
  /** Swiss: pairings played (a bye is no game); arena: games played. */
  games: number;
  tiebreaks: { buchholz?: number; sonnebornBerger?: number; sheetPoints?: number };
  withdrawn: boolean;
}

type Players = readonly { playerId: string; withdrawn: boolean }[];

/** A Swiss round's points for first and second: more score-sheet points win (1), equal draw (½). */
export function swissRoundPoints(result: SwissResult): [number, number] {
  if (result.second === null) return [1, 0];
  if (result.firstPoints > result.secondPoints) return [1, 0];
  if (result.firstPoints < result.secondPoints) return [0, 1];
  return [0.5, 0.5];
}

/** An arena game's points for first and second: a win 2, a draw or a game passed in 1 each. */
export function arenaGamePoints(result: ArenaResult): [number, number] {
  if (result.winner === result.first) return [2, 0];
  if (result.winner === result.second) return [0, 2];
  return [1, 1];
}

/**
 * Swiss standings: score, then Buchholz (the sum of the opponents' final scores), then
 * Sonneborn–Berger (the sum of the final scores of the opponents beaten, and half those drawn).
 * A bye adds nothing to either tiebreak: it had no opponent whose strength they could measure.
 * FIDE's "virtual opponent" for unplayed rounds would credit one, but it needs rules few
 * players know, and the bye goes to the lowest scorer without one, who is rarely in a tie that
 * matters; 0 is what a player can check by hand from the crosstable.
 */
export function swissStandings(players: Players, results: readonly SwissResult[]): Standing[] {
  const score = new Map<string, number>();
  const add = (id: string, points: number) => score.set(id, (score.get(id) ?? 0) + points);
  for (const r of results) {
    const [a, b] = swissRoundPoints(r);
    add(r.first, a);
    if (r.second !== null) add(r.second, b);
  }
  const final = (id: string) => score.get(id) ?? 0;
  // One pass over the results: each player's games, Buchholz and Sonneborn–Berger.
  const tally = new Map<string, { games: number; buchholz: number; sonnebornBerger: number }>();
  const count = (id: string, opponent: string, points: number) => {
    const t = tally.get(id) ?? { games: 0, buchholz: 0, sonnebornBerger: 0 };
    t.games++;
    t.buchholz += final(opponent);
    t.sonnebornBerger += points * final(opponent);
    tally.set(id, t);
  };
  for (const r of results) {
    if (r.second === null) continue;
    const [a, b] = swissRoundPoints(r);
    count(r.first, r.second, a);
    count(r.second, r.first, b);
  }
  const rows = players.map(({ playerId, withdrawn }) => {
    const { games, buchholz, sonnebornBerger } = tally.get(playerId) ?? { games: 0, buchholz: 0, sonnebornBerger: 0 };
    return { playerId, withdrawn, score: final(playerId), games, tiebreaks: { buchholz, sonnebornBerger } };
  });
  return ranked(rows, (s) => [s.score, s.tiebreaks.buchholz, s.tiebreaks.sonnebornBerger]);
}

/** Arena standings: score (2 a win, 1 a draw or a game passed in), then the sum of the player's score-sheet points. */
export function arenaStandings(players: Players, results: readonly ArenaResult[]): Standing[] {
  const tally = new Map<string, { score: number; games: number; sheetPoints: number }>();
  const count = (id: string, points: number, sheet: number) => {
    const t = tally.get(id) ?? { score: 0, games: 0, sheetPoints: 0 };
    t.score += points;
    t.games++;
    t.sheetPoints += sheet;
    tally.set(id, t);
  };
  for (const r of results) {
    const [a, b] = arenaGamePoints(r);
    count(r.first, a, r.firstPoints);
    count(r.second, b, r.secondPoints);
  }
  const rows = players.map(({ playerId, withdrawn }) => {
    const { score, games, sheetPoints } = tally.get(playerId) ?? { score: 0, games: 0, sheetPoints: 0 };
    return { playerId, withdrawn, score, games, tiebreaks: { sheetPoints } };
  });
  return ranked(rows, (s) => [s.score, s.tiebreaks.sheetPoints]);
}

/** Sorts by the keys (each higher first, then playerId) and gives equal keys the same rank. */
function ranked(rows: Omit<Standing, 'rank'>[], keys: (s: Omit<Standing, 'rank'>) => (number | undefined)[]): Standing[] {
  const keyed = rows.map((row) => ({ row, key: keys(row).map((k) => k ?? 0) }));
  const compare = (a: number[], b: number[]) => {
    for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return b[k] - a[k];
    return 0;
  };
  keyed.sort((a, b) => compare(a.key, b.key) || (a.row.playerId < b.row.playerId ? -1 : a.row.playerId > b.row.playerId ? 1 : 0));
  let rank = 0;
  return keyed.map(({ row, key }, i) => {
    if (i === 0 || compare(keyed[i - 1].key, key) !== 0) rank = i + 1;
    return { rank, ...row };
  });
}
