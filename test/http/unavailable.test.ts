// A database that is away or too slow: every such failure is DATABASE_UNAVAILABLE (503 with
// Retry-After), within the configured time, never a 500 and never a hang; /readyz notices. The
// database going away and coming back is in the fault suite (test/faults/, a server of its own).
import { createServer, type AddressInfo, type Socket } from 'node:net';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { conflictOf, databaseUnavailable, guardedClient, isConflict, unavailableOf } from '../../src/platform/db/availability.ts';
import { openDatabase, type Database } from '../../src/platform/db/client.ts';
import { DomainError } from '../../src/platform/errors.ts';
import { problemHandler } from '../../src/platform/http/edge.ts';
import type { AppEnv } from '../../src/platform/http/env.ts';
import { PlayerStore } from '../../src/accounts/player-store.ts';
import { createScratchDatabase, openTestDatabase, testDriver } from '../support/db.ts';
import { expectProblem } from '../support/problems.ts';
import { Client, startTestService, testConfig, type TestService } from '../support/service.ts';

describe('unavailableOf', () => {
  const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select …'), { cause });

  it.each([
    ['postgres.js lost the connection', { code: 'CONNECTION_CLOSED' }],
    ['postgres.js could not connect in time', { code: 'CONNECT_TIMEOUT' }],
    ['the server refused the connection', { code: 'ECONNREFUSED' }],
    ['the server shut down', { code: '57P01' }],
    ['the server is starting up', { code: '57P03' }],
    ['a statement timeout', { code: '57014' }],
    ['a connection exception', { code: '08006' }],
    ['too many connections', { code: '53300' }],
  ])('takes %s for DATABASE_UNAVAILABLE, also wrapped by drizzle', (_, error) => {
    expect(unavailableOf(error)?.code).toBe('DATABASE_UNAVAILABLE');
    expect(unavailableOf(wrapped(Object.assign(new Error('x'), error)))?.code).toBe('DATABASE_UNAVAILABLE');
  });

  it('leaves the errors of a request alone', () => {
    expect(unavailableOf(wrapped({ code: '23505' }))).toBeNull(); // unique violation
    expect(unavailableOf(wrapped({ code: '40P01' }))).toBeNull(); // deadlock: the group commit retries it (and the edge answers it 503: conflictOf)
    expect(unavailableOf(new DomainError('GAME_NOT_FOUND', 'x'))).toBeNull();
    expect(unavailableOf(new TypeError('x'))).toBeNull();
    const own = databaseUnavailable('x');
    expect(unavailableOf(wrapped(own))).toBe(own);
  });
});

describe('a conflict with concurrent writers (a deadlock, a serialization failure)', () => {
  const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: update …'), { cause });

  it('is told apart from the database being away, and answered 503 with Retry-After, never 500', async () => {
    for (const code of ['40P01', '40001']) {
      const error = wrapped(Object.assign(new Error('deadlock detected'), { code }));
      expect(isConflict(error)).toBe(true);
      expect(conflictOf(error)?.code).toBe('DATABASE_UNAVAILABLE');
      // Not "unavailable": the group commit splits a batch that lost one (games/move-batch.ts).
      expect(unavailableOf(error)).toBeNull();
      const logged: unknown[] = [];
      const app = new Hono<AppEnv>().get('/x', () => {
        throw error;
      });
      app.onError(problemHandler({ info() {}, error: (fields) => logged.push(fields) }));
      const res = await app.request('/x');
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(((await res.json()) as { code: string }).code).toBe('DATABASE_UNAVAILABLE');
      expect(logged).toEqual([]);
    }
    expect(conflictOf(wrapped({ code: '23505' }))).toBeNull();
  });

  it.runIf(testDriver === 'postgres')('a transaction the server picks as a deadlock victim runs again, whole, and commits', async () => {
    const database = await openTestDatabase();
    try {
      const players = new PlayerStore(database.db);
      const [a, b] = [await players.createPlayer({ name: 'A' }), await players.createPlayer({ name: 'B' })];
      // Each holds one row and then wants the other's, the first time only: a deadlock, whose
      // victim (after the server's deadlock_timeout) must not be the caller's failure.
      let holding = 0;
      let bothHold: () => void = () => {};
      const both = new Promise<void>((resolve) => (bothHold = resolve));
      const attempts = [0, 0];
      const crosswise = (i: number, first: string, second: string) =>
        database.transaction(async (query) => {
          attempts[i]++;
          await query('update players set name = name || $2 where id = $1', [first, `+${i}`]);
          if (attempts[i] === 1 && ++holding === 2) bothHold();
          if (attempts[i] === 1) await both;
          await query('update players set name = name || $2 where id = $1', [second, `+${i}`]);
          return i;
        });
      expect(await Promise.all([crosswise(0, a.id, b.id), crosswise(1, b.id, a.id)])).toEqual([0, 1]);
      // One of the two ran twice; each wrote both rows once (the victim's first try kept nothing).
      expect([...attempts].sort()).toEqual([1, 2]);
      const names = await database.query<{ name: string }>('select name from players where id = any($1)', [[a.id, b.id]]);
      for (const { name } of names) expect(name.split('+').slice(1).sort()).toEqual(['0', '1']);
    } finally {
      await database.close();
    }
  });
});

describe('a database that does not answer at all', () => {
  it('refuses a call that gets no connection within the acquire timeout, and a transaction too', async () => {
    // A server that takes connections and never says a word: postgres.js waits for its start-up
    // answer until connect_timeout (here 30 s), so the calls never get a connection.
    const sockets: Socket[] = [];
    const silent = createServer((s) => sockets.push(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const { port } = silent.address() as AddressInfo;
    const sql = postgres(`postgres://nobody@127.0.0.1:${port}/none`, { max: 2, connect_timeout: 30, onnotice: () => {} });
    const guarded = guardedClient(sql, { acquireMs: 300, statementMs: 600 });
    try {
      const t0 = performance.now();
      const [query, transaction] = await Promise.allSettled([guarded.unsafe('select 1'), guarded.begin(async (tx) => tx`select 1`)]);
      expect(performance.now() - t0).toBeLessThan(1000);
      for (const outcome of [query, transaction]) {
        expect(outcome.status).toBe('rejected');
        const error = (outcome as PromiseRejectedResult).reason as DomainError;
        expect(error.code).toBe('DATABASE_UNAVAILABLE');
        expect(error.detail).toBe('no database connection within 300 ms');
      }
    } finally {
      await sql.end({ timeout: 0 });
      for (const s of sockets) s.destroy();
      silent.close();
    }
  });
});

// Locks need a Postgres server.
describe.runIf(testDriver === 'postgres')('a database too slow to answer', () => {
  let url: string;
  let drop: () => Promise<void>;
  let database: Database;
  let service: TestService;
  let admin: postgres.Sql;
  const limits = { acquireMs: 400, statementMs: 600 };

  beforeAll(async () => {
    const scratch = await createScratchDatabase();
    ({ url, drop } = scratch);
    database = await openDatabase(url, { poolSize: 2, limits, ...scratch.options });
    service = await startTestService({ database, config: { timeouts: { ...testConfig().timeouts, readyMs: 300 } } });
    // Locks are held on sessions of their own: past any pooler.
    admin = postgres(scratch.options.sessionUrl ?? url, { max: 2, onnotice: () => {} });
  });
  afterAll(async () => {
    await service?.close();
    await database?.close();
    await admin?.end({ timeout: 1 });
    await drop?.();
  });

  /** Runs `during` while another session holds an exclusive lock on the games table. */
  async function withGamesLocked(during: () => Promise<void>) {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const holding = new Promise<void>((r) => (locked = r));
    const tx = admin.begin(async (t) => {
      await t`lock table games in access exclusive mode`;
      locked();
      await released;
    });
    await holding;
    try {
      await during();
    } finally {
      release();
      await tx;
    }
  }

  it('answers 503 with Retry-After after the statement timeout, and /readyz says not ready in its own time', async () => {
    const client = new Client(service.http);
    const anna = await client.player('Anna');
    await withGamesLocked(async () => {
      let t0 = performance.now();
      const lobby = await service.http.get('/v1/games?status=waiting');
      const lobbyMs = performance.now() - t0;
      expectProblem(lobby, 503, 'DATABASE_UNAVAILABLE');
      // The documented bound: a connection within acquireMs, then the statement's time plus the
      // client's 1 s margin (through a transaction pooler the server sets no statement_timeout,
      // so the margin is what ends it), plus slack for the answer on a loaded machine.
      expect(lobbyMs).toBeLessThan(limits.acquireMs + limits.statementMs + 1000 + 500);

      const created = await service.http.post('/v1/games').set(anna.auth).send({});
      expectProblem(created, 503, 'DATABASE_UNAVAILABLE');

      t0 = performance.now();
      const ready = await service.http.get('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.headers['retry-after']).toBe('1');
      expect(performance.now() - t0).toBeLessThan(1000);
    });
    // And all is well again at once.
    expect((await service.http.get('/readyz')).status).toBe(200);
    await client.createGame(anna);
    expect((await service.http.get('/v1/games?status=waiting')).status).toBe(200);
  });

  it('ends a statement at the statement timeout (server side)', async () => {
    const refused = await database.query('select pg_sleep(5)').then(
      () => null,
      (e: unknown) => e,
    );
    expect((refused as DomainError).code).toBe('DATABASE_UNAVAILABLE');
    expect((refused as DomainError).detail).toBe('the database did not answer in time');
  });
});
