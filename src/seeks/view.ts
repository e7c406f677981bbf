// A seek as anyone sees it: who seeks (name, bot, rating) and what for; once paired, its game or
// match. Nothing private: no token, no username.
import type { PoolRow } from './store.ts';
import type { Config, Variant } from '../engine/index.ts';

export interface SeekView {
  seekId: string;
  status: PoolRow['status'];
  player: { playerId: string; name: string; bot: boolean };
  rating: number;
  variant: Variant;
  config: Config;
  turnSeconds: number | null;
  rated: boolean;
  games: number;
  ratingRange: [number, number] | null;
  whileConnected: boolean;
  createdAt: string;
  expiresAt: string;
  endedAt: string | null;
  gameId?: string;
  matchId?: string;
}

export function seekView(row: PoolRow): SeekView {
  return {
    seekId: row.id,
    status: row.status,
    player: { playerId: row.playerId, name: row.name, bot: row.bot },
    rating: row.rating,
    variant: row.config.variant,
    config: row.config,
    turnSeconds: row.turnSeconds,
    rated: row.rated,
    games: row.games,
    ratingRange: row.ratingMin === null || row.ratingMax === null ? null : [row.ratingMin, row.ratingMax],
    whileConnected: row.whileConnected,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    ...(row.gameId ? { gameId: row.gameId } : {}),
    ...(row.matchId ? { matchId: row.matchId } : {}),
  };
}
