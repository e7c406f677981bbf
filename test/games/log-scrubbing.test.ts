// Every error a log line carries goes through the same scrubbing as the edge's (platform/db/errors.ts):
// the sweeper's two lines and a match's failed step, each made to fail here with a driver error
// whose message holds a seed, a token and hidden cards (drizzle prints a failed query's
// parameters), must log none of them.
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import type { Game } from '../../src/games/game.ts';
import type { Logger } from '../../src/platform/log.ts';
import { MatchService, type MatchServiceDeps } from '../../src/matches/service.ts';
import { Sweeper, type SweeperDeps } from '../../src/platform/sweeper.ts';

const SEED = 'a3f1c2d4e5b60718293a4b5c6d7e8f90a3f1c2d4e5b60718293a4b5c6d7e8f90';
const TOKEN = 'eyJhbGciOiJFZERTQSIsImtpZCI6IjEifQ.eyJzdWIiOiJhbm5hIiwiZXhwIjo5OTk5OTk5OTk5fQ.c2lnbmF0dXJlLXNpZ25hdHVyZS1zaWduYXR1cmU';
const CARDS = ['CJ', 'HA', 'DT'];

/** What drizzle throws when a statement fails for a reason with no SQLSTATE (a lost connection). */
const failedQuery = () =>
  new DrizzleQueryError(
    'insert into "games" ("id", "server_seed", "config") values ($1, $2, $3)',
    ['g1', SEED, JSON.stringify({ hand: CARDS, token: TOKEN })],
    Object.assign(new Error('write CONNECTION_CLOSED'), { code: 'CONNECTION_CLOSED' }),
  );

function recorder(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, info: (f) => lines.push(JSON.stringify(f)), error: (f) => lines.push(JSON.stringify(f)) };
}

function expectScrubbed(lines: string[], event: string) {
  const line = lines.find((l) => l.includes(`"${event}"`));
  expect(line, `no ${event} line in ${JSON.stringify(lines)}`).toBeDefined();
  expect(line).not.toContain(SEED);
  expect(line).not.toContain(TOKEN.split('.')[2]);
  for (const card of CARDS) expect(line).not.toMatch(new RegExp(`\\b${card}\\b`));
  // Still useful: it says what failed.
  expect(line).toContain('Failed query');
}

/** A sweeper over one feature's sweep: a waiting game `g1` whose expiry runs `expire`. */
const sweeperOf = (log: Logger, over: Partial<SweeperDeps> & { expire?: () => Promise<void> } = {}) =>
  new Sweeper({
    database: { withAdvisoryLock: async (_key, fn) => (await fn(), true) },
    sweeps: [async ({ attempt }) => ({ games: (await attempt(over.expire ?? (async () => {}), 'g1')) ? 1 : 0 })],
    now: () => new Date(),
    log,
    idempotencyTtlMs: 1000,
    ...over,
  });

describe('error log lines carry scrubbed messages', () => {
  it("the sweeper's failed expiry", async () => {
    const log = recorder();
    const sweeper = sweeperOf(log, { expire: async () => Promise.reject(failedQuery()) });
    await sweeper.sweep();
    expectScrubbed(log.lines, 'expiryFailed');
  });

  it("the sweeper's failed sweep", async () => {
    const log = recorder();
    const sweeper = sweeperOf(log, { database: { withAdvisoryLock: async () => Promise.reject(failedQuery()) } });
    sweeper.start(5);
    await new Promise((r) => setTimeout(r, 50));
    await sweeper.stop();
    expectScrubbed(log.lines, 'sweepFailed');
  });

  it("a match's step that fails after its game finished", async () => {
    const log = recorder();
    const deps = { store: { getMatch: async () => Promise.reject(failedQuery()) }, log } as unknown as MatchServiceDeps;
    await new MatchService(deps).gameFinished({ row: { id: 'g1', matchId: 'm1' } } as Game, 'req-1');
    expectScrubbed(log.lines, 'matchAdvanceFailed');
  });
});
