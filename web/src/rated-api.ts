// The calls of rated play the web client makes (docs/api.md, "Rated play", "The pairing pool (seeks)",
// "Export"), through the client module's raw layer: seeks, leaderboards, a player's ratings and
// rating history, the export's address. And the small pure helpers the pages share.
import type { components, CreateSeek, Seek, SkatClient } from '@offiziersskat/client';

export const VARIANTS = ['classic', 'halfOpen', 'bidding'] as const;
export type Variant = (typeof VARIANTS)[number];
export const isVariant = (v: unknown): v is Variant => (VARIANTS as readonly unknown[]).includes(v);

/** What POST /v1/seeks takes. */
export type NewSeek = CreateSeek;
/** A seek as the service shows it: in the pool (GET /v1/seeks), or its own state (GET /v1/seeks/{id}). */
export type PoolSeek = Seek;
export type SeekState = Pick<PoolSeek, 'seekId' | 'status' | 'gameId' | 'matchId'>;

type Schemas = components['schemas'];
/** A player as anyone sees it (GET /v1/players/{playerId}), with a rating per variant played rated. */
export type RatedPlayer = Schemas['PlayerProfile'];
/** One rated game's point of a rating history: the rating after it. */
export type HistoryPoint = Schemas['RatingPoint'];
export type LeaderboardEntry = Schemas['LeaderboardEntry'];

export type BotsFilter = 'include' | 'exclude' | 'only';
export const BOTS_FILTERS: readonly BotsFilter[] = ['include', 'exclude', 'only'];

const seg = encodeURIComponent;
const query = (q: Record<string, string | number | undefined>) => {
  const s = new URLSearchParams(Object.entries(q).filter((e): e is [string, string | number] => e[1] !== undefined && e[1] !== '').map(([k, v]) => [k, String(v)])).toString();
  return s ? `?${s}` : '';
};

/** The pool's first page (the oldest 50 waiting seeks). */
export const listSeeks = (c: SkatClient) => c.listSeeks({ limit: 50 }).then((p) => p.items);

export const getRatedPlayer = (c: SkatClient, playerId: string, signal?: AbortSignal) => c.request<RatedPlayer>('GET', `/v1/players/${seg(playerId)}`, { signal });
export const ratingHistory = (c: SkatClient, playerId: string, variant: Variant, signal?: AbortSignal) =>
  c.request<Schemas['RatingHistory']>('GET', `/v1/players/${seg(playerId)}/ratings/${variant}`, { signal }).then((p) => p.items);
export const leaderboard = (c: SkatClient, variant: Variant, q: { bots?: BotsFilter; limit?: number; cursor?: string }, signal?: AbortSignal) =>
  c.request<Schemas['Leaderboard']>('GET', `/v1/leaderboards/${variant}${query(q)}`, { signal });

/** The address of a player's games as ndjson (a plain link: the export needs no token). */
export const exportUrl = (base: string, playerId: string, q: { variant?: Variant; rated?: boolean } = {}) =>
  `${base}/v1/players/${seg(playerId)}/games/export${query({ variant: q.variant, rated: q.rated === undefined ? undefined : String(q.rated) })}`;

/** A game, match or seek is rated: the flag on the object, or on its config (either place is read). */
export const isRated = (x: unknown): boolean => {
  const o = x as { rated?: unknown; config?: { rated?: unknown } } | null | undefined;
  return o?.rated === true || o?.config?.rated === true;
};

/**
 * When a player appears on a leaderboard (the service's rule, src/ratings): once its rating's
 * deviation is at most `rd` (RATING_PROVISIONAL_RD's default), which two newcomers playing each
 * other reach after `games` rated games. web/src/leaderboard-rule.test.ts computes both again.
 */
export const LEADERBOARD_RULE = { rd: 110, games: 14 } as const;

/** A rating as shown: a whole number (docs/api.md: "rounded as shown"). */
export const shownRating = (r: number) => String(Math.round(r));

/** A change with a true minus sign, a plus when it went up, ±0 when it did not move. */
export const ratingDelta = (before: number, after: number) => {
  const d = Math.round(after) - Math.round(before);
  return d > 0 ? `+${d}` : d < 0 ? `−${-d}` : '±0';
};

/** The start of every rating (Glicko-2 as docs/api.md gives it): what a first rated game changes from. */
export const START_RATING = 1500;

export interface RecentRatedGame {
  gameId: string;
  at: string;
  variant: Variant;
  before: number;
  after: number;
}

/** The newest rated games across the variants' histories (each oldest first), with the change each made. */
export function recentRatedGames(histories: Partial<Record<Variant, readonly HistoryPoint[]>>, limit = 10): RecentRatedGame[] {
  const all: RecentRatedGame[] = [];
  for (const variant of VARIANTS) {
    const points = histories[variant] ?? [];
    points.forEach((p, i) => all.push({ gameId: p.gameId, at: p.at, variant, before: i === 0 ? START_RATING : points[i - 1].rating, after: p.rating }));
  }
  return all.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)).slice(0, limit);
}
