// The exports: finished games as ndjson, streamed as read (exports/service.ts, platform/http/ndjson.ts), on a
// rate budget of their own (each answer may read the whole table), and few at once: each open export
// holds a batch in memory and megabytes of socket buffers, so a process streams EXPORT_MAX_CONCURRENT
// at most and one address EXPORT_MAX_PER_ADDRESS (503 TOO_MANY_EXPORTS past either), and a reader
// that stops reading is cut off after EXPORT_IDLE_MS.
import type { Context } from 'hono';
import type { ExportFilter } from './store.ts';
import type { PlayerService } from '../players/index.ts';
import type { ExportService } from './service.ts';
import type { PlatformDeps } from '../platform/http/deps.ts';
import { createApi } from '../platform/http/edge.ts';
import { DomainError } from '../platform/errors.ts';
import type { App, AppEnv } from '../platform/http/env.ts';
import { clientAddress, limiter, unlimited } from '../platform/http/limits.ts';
import { ndjsonStream } from '../platform/http/ndjson.ts';
import { operation } from '../platform/http/operation.ts';
import { Admission } from '../platform/streams/waiters.ts';
import type { ExportSettings } from './settings.ts';
import { ExportedRecordSchema, exportGames, exportPlayerGames } from './routes.ts';

const dateOf = (s: string | undefined) => (s === undefined ? undefined : new Date(s));

/** What the exports routes are built from. */
export interface ExportsApiDeps extends Pick<PlatformDeps, 'log'> {
  config: { exports: ExportSettings };
  exports: ExportService;
  players: PlayerService;
}

const tooManyExports = (mine: boolean) =>
  new DomainError(
    'TOO_MANY_EXPORTS',
    mine ? 'your address has as many exports open as one address may; finish one, or retry shortly' : 'this server streams as many exports as it may; retry shortly',
  );

/** What answers an export: the admission (slots, budgets), then `filter` (which may still refuse: the slot goes back), then the stream (with each game's analysis where it exists, when asked). */
export type ExportAnswer = (c: Context<AppEnv>, filter: () => Promise<ExportFilter>, withAnalysis?: boolean) => Promise<Response>;

/** The exports' one way to answer (the tournaments' export answers through it too): one admission per process. */
export function exportAnswer(deps: Pick<ExportsApiDeps, 'exports' | 'config' | 'log'>): ExportAnswer {
  // One admission per export service (per process): every export route shares its slots.
  let made = answers.get(deps.exports);
  if (!made) answers.set(deps.exports, (made = makeAnswer(deps)));
  return made;
}

const answers = new WeakMap<ExportService, ExportAnswer>();

function makeAnswer({ exports, config, log }: Pick<ExportsApiDeps, 'exports' | 'config' | 'log'>): ExportAnswer {
  const budget = unlimited(config.exports.budget) ? null : limiter('export', config.exports.budget);
  const open = new Admission(config.exports.maxConcurrent, Infinity, config.exports.maxPerAddress, tooManyExports);

  /**
   * Takes a slot for the export and counts it against its caller's budget: the address always
   * (however many guests one address makes, they share its budget), and the token's player too
   * (one player on many addresses). Answers what gives the slot back when the export is over.
   */
  const admit = async (c: Context<AppEnv>): Promise<() => void> => {
    const address = clientAddress(c);
    const slot = open.reserve(`address:${address}`);
    try {
      const playerId = c.get('player')?.playerId;
      // The address last: its RateLimit headers are the ones answered (the tighter, as a rule).
      if (budget && playerId) await budget(c, `player:${playerId}`);
      if (budget) await budget(c, `address:${address}`);
    } catch (e) {
      slot.release();
      throw e;
    }
    return slot.release;
  };
  return async (c, filterOf, withAnalysis = false) => {
    const release = await admit(c);
    let filter: ExportFilter;
    try {
      filter = await filterOf();
    } catch (e) {
      release();
      throw e;
    }
    return ndjsonStream(c, log, (stopped) => exports.lines(filter, stopped, withAnalysis), { idleMs: config.exports.idleMs, ended: release });
  };
}

export function exportsApi({ exports, players, config, log }: ExportsApiDeps): App {
  const api = createApi();
  // The stream names its lines' schema by reference only.
  api.openAPIRegistry.register('ExportedGameRecord', ExportedRecordSchema);
  const answer = exportAnswer({ exports, config, log });

  operation(api, exportPlayerGames, async (c) => {
    const { playerId } = c.req.valid('param');
    const { variant, rated, since, until, analysis } = c.req.valid('query');
    return answer(
      c,
      async () => {
        await players.profile(playerId); // PLAYER_NOT_FOUND before the answer starts
        return { playerId, variant, rated: rated === undefined ? undefined : rated === 'true', since: dateOf(since), until: dateOf(until) };
      },
      analysis === 'true',
    );
  });

  operation(api, exportGames, async (c) => {
    const { variant, since, until, analysis } = c.req.valid('query');
    return answer(c, async () => ({ rated: true, variant, since: dateOf(since), until: dateOf(until) }), analysis === 'true');
  });

  return api;
}
