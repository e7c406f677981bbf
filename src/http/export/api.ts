// The exports: finished games as ndjson, streamed as read (games/export.ts, http/ndjson.ts), on a
// rate budget of their own (each answer may read the whole table).
import type { Context } from 'hono';
import type { ExportFilter } from '../../db/export.ts';
import type { AppDeps } from '../deps.ts';
import { createApi } from '../edge.ts';
import type { App, AppEnv } from '../env.ts';
import { clientAddress, limiter, unlimited } from '../limits.ts';
import { ndjsonStream } from '../ndjson.ts';
import { operation } from '../operation.ts';
import { exportGames, exportPlayerGames } from './routes.ts';

// (`as never` below: hono types an answer of any media type with "json" in its name as a JSON
// body; an ndjson stream is written to the socket, and its lines are checked as ndjson.)
const dateOf = (s: string | undefined) => (s === undefined ? undefined : new Date(s));

export function exportApi({ exporter, players, config }: AppDeps): App {
  const api = createApi();
  const budget = unlimited(config.limits.exports) ? null : limiter('export', config.limits.exports);
  /** Counts the export against its caller: the token's player, else the address. */
  const spend = async (c: Context<AppEnv>) => {
    if (budget) await budget(c, c.get('player')?.playerId ?? clientAddress(c, config.limits.trustProxy, config.limits.proxyHops));
  };

  operation(api, exportPlayerGames, async (c) => {
    const { playerId } = c.req.valid('param');
    const { variant, rated, since, until } = c.req.valid('query');
    await spend(c);
    await players.profile(playerId); // PLAYER_NOT_FOUND before the answer starts
    const filter: ExportFilter = { playerId, variant, rated: rated === undefined ? undefined : rated === 'true', since: dateOf(since), until: dateOf(until) };
    return ndjsonStream(c, (stopped) => exporter.lines(filter, stopped)) as never;
  });

  operation(api, exportGames, async (c) => {
    const { variant, since, until } = c.req.valid('query');
    await spend(c);
    return ndjsonStream(c, (stopped) => exporter.lines({ rated: true, variant, since: dateOf(since), until: dateOf(until) }, stopped)) as never;
  });

  return api;
}
