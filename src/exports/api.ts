// The exports: finished games as ndjson, streamed as read (exports/service.ts, platform/http/ndjson.ts), on a
// rate budget of their own (each answer may read the whole table).
import type { Context } from 'hono';
import type { ExportFilter } from './store.ts';
import type { PlayerService } from '../players/index.ts';
import type { GameExport } from './service.ts';
import type { PlatformDeps } from '../platform/http/deps.ts';
import { createApi } from '../platform/http/edge.ts';
import type { App, AppEnv } from '../platform/http/env.ts';
import { clientAddress, limiter, unlimited } from '../platform/http/limits.ts';
import { ndjsonStream } from '../platform/http/ndjson.ts';
import { operation } from '../platform/http/operation.ts';
import { exportGames, exportPlayerGames } from './routes.ts';

const dateOf = (s: string | undefined) => (s === undefined ? undefined : new Date(s));

/** What the exports routes are built from. */
export interface ExportsApiDeps extends Pick<PlatformDeps, 'config' | 'log'> {
  exporter: GameExport;
  players: PlayerService;
}

export function exportApi({ exporter, players, config, log }: ExportsApiDeps): App {
  const api = createApi();
  const budget = unlimited(config.limits.exports) ? null : limiter('export', config.limits.exports);
  /** Counts the export against its caller: the token's player, else the address. */
  const spend = async (c: Context<AppEnv>) => {
    if (budget) await budget(c, c.get('player')?.playerId ?? clientAddress(c));
  };

  operation(api, exportPlayerGames, async (c) => {
    const { playerId } = c.req.valid('param');
    const { variant, rated, since, until } = c.req.valid('query');
    await spend(c);
    await players.profile(playerId); // PLAYER_NOT_FOUND before the answer starts
    const filter: ExportFilter = { playerId, variant, rated: rated === undefined ? undefined : rated === 'true', since: dateOf(since), until: dateOf(until) };
    return ndjsonStream(c, log, (stopped) => exporter.lines(filter, stopped));
  });

  operation(api, exportGames, async (c) => {
    const { variant, since, until } = c.req.valid('query');
    await spend(c);
    return ndjsonStream(c, log, (stopped) => exporter.lines({ rated: true, variant, since: dateOf(since), until: dateOf(until) }, stopped));
  });

  return api;
}
