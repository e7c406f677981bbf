// `npm run ratings -- --check`: every rating recomputed from the finished rated games, in the order
// they were rated (the history's seq: the order they ended, under the ratings' row locks), and
// compared with what is stored: each game's history points and rating changes, and each player's
// rating per variant. Reads only. A difference is a sentence naming the game or player.
import type { Database } from '../platform/db/client.ts';
import type { Seat } from '../engine/types.ts';
import { finishedRatedGames, type RatedGameFact as GameFact, type RatingChanges } from '../games/index.ts';
import { initialRating, rateGame, ratingPoints, shown, storedRatings, type Rating, scoresOf, type StoredPoint as Point } from '../ratings/index.ts';

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
/** Equal up to the last bits of a float8's round trip. */
const near = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
const sameRating = (a: Omit<Rating, 'games'>, b: Omit<Rating, 'games'>) => near(a.rating, b.rating) && near(a.rd, b.rd) && near(a.volatility, b.volatility);
const fmt = (r: Omit<Rating, 'games'>) => `${r.rating.toFixed(4)}/${r.rd.toFixed(4)}/${r.volatility.toFixed(6)}`;

export interface CheckReport {
  games: number;
  players: number;
  differences: string[];
}

/** Recomputes every rating and lists each difference with what is stored (none: all agree). */
export async function checkRatingsReport(database: Pick<Database, 'query'>): Promise<CheckReport> {
  const facts = await finishedRatedGames(database);
  const points = await ratingPoints(database);
  const stored = await storedRatings(database);

  const differences: string[] = [];
  const pointsOf = new Map<string, Point[]>();
  const firstSeq = new Map<string, number>();
  for (const p of points) {
    pointsOf.set(p.game_id, [...(pointsOf.get(p.game_id) ?? []), p]);
    if (!firstSeq.has(p.game_id)) firstSeq.set(p.game_id, Number(p.seq));
  }
  const known = new Set(facts.map((f) => f.id));
  for (const gameId of pointsOf.keys()) if (!known.has(gameId)) differences.push(`game ${gameId}: has rating points, but is no finished rated game`);

  // The order they were rated in; a game never rated (a lost rating) where it ended.
  const ended = (f: GameFact) => new Date(f.ended).getTime();
  const ordered = [...facts].sort((a, b) => (firstSeq.get(a.id) ?? Infinity) - (firstSeq.get(b.id) ?? Infinity) || ended(a) - ended(b));

  const current = new Map<string, Rating>();
  const key = (player: string, variant: string) => `${player} ${variant}`;
  for (const f of ordered) {
    const scores = scoresOf(json(f.result));
    const got = pointsOf.get(f.id) ?? [];
    if (!scores) {
      if (got.length > 0 || f.rating_changes) differences.push(`game ${f.id}: passed in, yet rated`);
      continue;
    }
    const before = { forehand: current.get(key(f.forehand, f.variant)) ?? initialRating(), dealer: current.get(key(f.dealer, f.variant)) ?? initialRating() };
    const [fh, dl] = rateGame(before.forehand, before.dealer, scores.forehand);
    const after: Record<Seat, Rating> = { forehand: fh, dealer: dl };
    current.set(key(f.forehand, f.variant), fh);
    current.set(key(f.dealer, f.variant), dl);
    if (got.length === 0) {
      differences.push(`game ${f.id}: finished rated, but never rated (a lost rating)`);
      continue;
    }
    for (const seat of ['forehand', 'dealer'] as const) {
      const player = seat === 'forehand' ? f.forehand : f.dealer;
      const mine = got.filter((p) => p.player_id === player);
      if (mine.length !== 1) differences.push(`game ${f.id}: ${mine.length} rating points for its ${seat} ${player} (expected 1)`);
      else if (!sameRating(mine[0], after[seat]))
        differences.push(`game ${f.id}: ${seat} ${player} stored ${fmt(mine[0])}, recomputed ${fmt(after[seat])}`);
    }
    const changes = f.rating_changes === null ? null : json(f.rating_changes);
    const expected: RatingChanges = {
      forehand: { before: shown(before.forehand.rating), after: shown(fh.rating) },
      dealer: { before: shown(before.dealer.rating), after: shown(dl.rating) },
    };
    const figures = (c: RatingChanges | null) => (c ? [c.forehand.before, c.forehand.after, c.dealer.before, c.dealer.after].join(',') : 'none');
    if (figures(changes) !== figures(expected)) differences.push(`game ${f.id}: rating changes stored ${JSON.stringify(changes)}, recomputed ${JSON.stringify(expected)}`);
  }

  const seen = new Set<string>();
  for (const s of stored) {
    const k = key(s.player_id, s.variant);
    seen.add(k);
    const r = current.get(k);
    if (!r) differences.push(`player ${s.player_id} (${s.variant}): rated ${fmt(s)} in ${s.games} games, but has no rated game`);
    else if (!sameRating(s, r) || Number(s.games) !== r.games)
      differences.push(`player ${s.player_id} (${s.variant}): stored ${fmt(s)} in ${s.games} games, recomputed ${fmt(r)} in ${r.games}`);
  }
  for (const [k, r] of current) if (!seen.has(k)) differences.push(`player ${k.replace(' ', ' (')}): recomputed ${fmt(r)} in ${r.games} games, but no rating is stored`);
  return { games: facts.length, players: current.size, differences };
}

/** The differences only (tests). */
export async function checkRatings(database: Pick<Database, 'query'>): Promise<string[]> {
  return (await checkRatingsReport(database)).differences;
}
