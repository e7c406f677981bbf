// Exports cannot be held open without limit: a process streams a few at once and one address fewer
// (503 TOO_MANY_EXPORTS with Retry-After past either), a slot is given back when its export ends or
// its client goes away, and a reader that stops reading is cut off after EXPORT_IDLE_MS (logged
// once). The export budget counts the address as well as the token's player.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../src/app/config.ts';
import type { Database } from '../../src/platform/db/client.ts';
import { jsonLogger } from '../../src/platform/log.ts';
import { openTestDatabase } from '../support/db.ts';
import { playToEnd } from '../support/matches.ts';
import { expectProblem } from '../support/problems.ts';
import { Client, startTestService, testConfig, type TestService } from '../support/service.ts';

/** No export budget: these tests count slots, not requests. */
const NO_BUDGET = { points: 0, seconds: 1 };

/** Enough games that one export (about 7.7 KB a game) is far more than the socket buffers hold (some 4 MB here). */
const COPIES = 1500;
/** An export that ends at once (no game ends in the future). */
const EMPTY = '/v1/games/export?since=2100-01-01T00:00:00Z';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  const seeding = await startTestService({ database });
  try {
    const client = new Client(seeding.http);
    const account = async (name: string) => {
      const res = await seeding.http.post('/v1/accounts').send({ username: `${name}_${Date.now().toString(36)}`, password: 'correct horse battery staple' }).expect(201);
      return { playerId: res.body.playerId, name: res.body.name, token: res.body.token, auth: { Authorization: `Bearer ${res.body.token}` } };
    };
    const [anna, bert] = [await account('cap_a'), await account('cap_b')];
    const created = await seeding.http.post('/v1/games').set(anna.auth).send({ seat: 'forehand', rated: true }).expect(201);
    await seeding.http.post(`/v1/games/${created.body.id}/join`).set(bert.auth).expect(200);
    await playToEnd(client, created.body.id, [anna, bert], 11);
    // Copies of the played game, each ending a second earlier (as test/exports/export.test.ts makes them).
    for (let from = 1; from <= COPIES; from += 500) {
      const to = Math.min(COPIES, from + 499);
      await database.query(
        `insert into games (id, config, status, version, forehand_player_id, dealer_player_id, reserved_player_id, server_seed, seed_commitment,
           turn_seconds, rated, rating_changes, created_at, updated_at)
         select g.id || '-' || i, g.config, g.status, g.version, g.forehand_player_id, g.dealer_player_id, null, g.server_seed, g.seed_commitment,
           g.turn_seconds, g.rated, g.rating_changes, g.created_at - make_interval(secs => i), g.updated_at - make_interval(secs => i)
         from games g, generate_series($2::int, $3::int) i where g.id = $1`,
        [created.body.id, from, to],
      );
      await database.query(
        `insert into game_events (game_id, seq, type, seat, payload)
         select e.game_id || '-' || i, e.seq, e.type, e.seat, e.payload from game_events e, generate_series($2::int, $3::int) i where e.game_id = $1`,
        [created.body.id, from, to],
      );
    }
  } finally {
    await seeding.close();
  }
}, 180_000);
afterAll(() => database?.close());

/** A service on the seeded database, speaking for several addresses (X-Forwarded-For). */
const serviceWith = (overrides: Partial<AppConfig> & { exports: AppConfig['exports'] }, log?: (line: string) => void) =>
  startTestService({
    database,
    config: { ...overrides, limits: { ...testConfig().limits, trustProxy: true, ...overrides.limits } },
    ...(log ? { log: jsonLogger('info', log) } : {}),
  });

/**
 * A client that asks for an export and stops reading once the status line is in: the export
 * stays open (the service waits on the socket) until the client goes away or is cut off.
 */
function stalled(url: string, address: string) {
  const { port } = new URL(url);
  return new Promise<{ status: number; socket: Socket; closed: Promise<void>; received: () => number; tail: () => string }>((resolve, reject) => {
    let received = 0;
    let tail = '';
    const socket = connect(Number(port), '127.0.0.1', () =>
      socket.write(`GET /v1/games/export HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${address}\r\nConnection: close\r\n\r\n`),
    );
    // (A paused socket notices no close: resume it to see one.)
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.on('error', () => {});
    socket.on('data', (chunk: Buffer) => {
      received += chunk.length;
      tail = (tail + chunk.toString('latin1')).slice(-5);
    });
    socket.once('data', (chunk: Buffer) => {
      socket.pause();
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(chunk.toString('latin1'))?.[1]);
      resolve({ status, socket, closed, received: () => received, tail: () => tail });
    });
    socket.once('close', () => reject(new Error('closed before an answer')));
  });
}

const from = (address: string) => ({ 'X-Forwarded-For': address });

let whole: number | undefined;
/** The size of the whole export (its HTTP body, chunked): read whole once, unless a test has read it whole already. */
async function wholeExport(url: string): Promise<number> {
  if (whole === undefined) {
    const socket = await stalled(url, '10.9.9.9');
    socket.socket.resume();
    await socket.closed.catch(() => {});
    whole = socket.received();
  }
  return whole;
}

describe('concurrent exports', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await serviceWith({ exports: { maxConcurrent: 3, maxPerAddress: 2, idleMs: 60_000, budget: NO_BUDGET } });
  });
  afterAll(() => service?.close());

  it('are capped per address and per process (503 TOO_MANY_EXPORTS); a slot is freed when its client goes or its export ends', async () => {
    const first = await stalled(service.url, '10.0.0.1');
    const second = await stalled(service.url, '10.0.0.1');
    expect([first.status, second.status]).toEqual([200, 200]);
    // A third from the same address: its own cap.
    const mine = await service.http.get(EMPTY).set(from('10.0.0.1'));
    expect(expectProblem(mine, 503, 'TOO_MANY_EXPORTS').detail).toMatch(/your address/);
    expect(mine.headers['retry-after']).toBe('5');
    // Another address takes the process's last slot; then the process is full for everyone.
    const third = await stalled(service.url, '10.0.0.2');
    expect(third.status).toBe(200);
    const full = await service.http.get(EMPTY).set(from('10.0.0.3'));
    expect(expectProblem(full, 503, 'TOO_MANY_EXPORTS').detail).toMatch(/this server/);
    expect(full.headers['retry-after']).toBe('5');
    // Other calls are not affected.
    await service.http.get('/v1/leaderboards/classic').set(from('10.0.0.1')).expect(200);

    // The first client goes away: its slot is free again (once the service has seen the close).
    first.socket.destroy();
    let status = 503;
    for (const end = Date.now() + 5000; status === 503 && Date.now() < end; ) {
      status = (await service.http.get(EMPTY).set(from('10.0.0.3'))).status;
      if (status === 503) await new Promise((r) => setTimeout(r, 20));
    }
    expect(status).toBe(200);
    // Each export that ended gave its slot back: one after another, they all fit in the one free slot.
    for (let i = 0; i < 3; i++) await service.http.get(EMPTY).set(from('10.0.0.4')).expect(200);
    second.socket.destroy();
    third.socket.destroy();
  }, 60_000);
});

describe('a reader that stops reading', () => {
  let service: TestService;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    service = await serviceWith({ exports: { maxConcurrent: 16, maxPerAddress: 1, idleMs: 300, budget: NO_BUDGET } }, (line) => lines.push(JSON.parse(line)));
  });
  afterAll(() => service?.close());

  it('is not cut while it keeps taking bytes, pausing for less than EXPORT_IDLE_MS', async () => {
    const logged: Record<string, unknown>[] = [];
    const slow = await serviceWith({ exports: { maxConcurrent: 16, maxPerAddress: 1, idleMs: 2000, budget: NO_BUDGET } }, (line) => logged.push(JSON.parse(line)));
    try {
      const reader = await stalled(slow.url, '10.0.2.1');
      let closed = false;
      void reader.closed.then(() => (closed = true));
      // Takes 3 MB, stops for a second, over and over until the export is in (three stops at least:
      // longer than EXPORT_IDLE_MS in all). (The kernel wakes a writer once about a third of the
      // socket's send buffer, some 4 MB here, is free: a reader must take about that much within
      // EXPORT_IDLE_MS, whatever the service writes it in.)
      // The socket pauses itself as the 3 MB are in (a loop that looked every few milliseconds took
      // whatever loopback delivered meanwhile, at times the whole rest of the export at once).
      const t0 = performance.now();
      let stops = 0;
      while (!closed && performance.now() - t0 < 30_000) {
        const before = reader.received();
        const enough = () => {
          if (reader.received() - before >= 3_000_000) reader.socket.pause();
        };
        reader.socket.on('data', enough);
        reader.socket.resume();
        for (const by = performance.now() + 500; !closed && reader.received() - before < 3_000_000 && performance.now() < by; ) await new Promise((r) => setTimeout(r, 5));
        reader.socket.off('data', enough);
        reader.socket.pause();
        if (!closed) {
          stops++;
          await new Promise((r) => setTimeout(r, 1000));
        }
      }
      // The whole export, its last chunk too, over longer than EXPORT_IDLE_MS: never cut.
      expect(reader.tail()).toBe('0\r\n\r\n');
      expect(stops).toBeGreaterThanOrEqual(3);
      // The size of the whole export, for the test after this one (the same games on the same database).
      whole ??= reader.received();
      expect(logged.filter((l) => l.event === 'exportIdle')).toEqual([]);
    } finally {
      await slow.close();
    }
  });

  it('is cut off after EXPORT_IDLE_MS: its connection closed, one log line, its slot given back', async () => {
    const reader = await stalled(service.url, '10.0.1.1');
    expect(reader.status).toBe(200);
    const t0 = performance.now();
    const cut = () => lines.filter((l) => l.event === 'exportIdle');
    while (cut().length === 0 && performance.now() - t0 < 20_000) await new Promise((r) => setTimeout(r, 20));
    const after = performance.now() - t0;
    // Once the socket buffers were full, nothing drained for 300 ms.
    expect(after).toBeGreaterThanOrEqual(250);
    expect(after).toBeLessThan(20_000);
    expect(cut()).toEqual([expect.objectContaining({ level: 'info', path: '/v1/games/export', idleMs: 300, requestId: expect.any(String) })]);
    // Reading again, the client finds the connection closed, the body cut short (no last chunk).
    reader.socket.resume();
    await reader.closed;
    expect(reader.received()).toBeLessThan(await wholeExport(service.url));
    expect(reader.tail()).not.toBe('0\r\n\r\n');
    // Its slot is free: the address (1 export at most) is served again.
    await service.http.get(EMPTY).set(from('10.0.1.1')).expect(200);
    expect(cut()).toHaveLength(1);
  });
});

describe('the export budget', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await serviceWith({
      exports: { maxConcurrent: 16, maxPerAddress: 2, idleMs: 30_000, budget: { points: 3, seconds: 60 } },
      limits: { ...testConfig().limits, trustProxy: true },
    });
  });
  afterAll(() => service?.close());

  it('is counted against the address, however many guests it makes', async () => {
    const guests = [];
    for (let i = 0; i < 4; i++) guests.push((await service.http.post('/v1/players').set(from('10.0.3.1')).send({ name: `Gast ${i}` }).expect(201)).body.token as string);
    for (const token of guests.slice(0, 3)) await service.http.get(EMPTY).set(from('10.0.3.1')).set('Authorization', `Bearer ${token}`).expect(200);
    // The fourth guest has spent nothing of its own, but its address has spent the budget.
    const refused = await service.http.get(EMPTY).set(from('10.0.3.1')).set('Authorization', `Bearer ${guests[3]}`);
    expectProblem(refused, 429, 'RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['ratelimit-policy']).toBe('"export";q=3;w=60');
    // Another address is not affected.
    await service.http.get(EMPTY).set(from('10.0.3.2')).expect(200);
  });

  it('and against the token’s player, from whichever address', async () => {
    const guest = (await service.http.post('/v1/players').set(from('10.0.4.1')).send({ name: 'Wanderer' }).expect(201)).body.token as string;
    for (let i = 0; i < 3; i++) await service.http.get(EMPTY).set(from(`10.0.4.${10 + i}`)).set('Authorization', `Bearer ${guest}`).expect(200);
    expectProblem(await service.http.get(EMPTY).set(from('10.0.4.20')).set('Authorization', `Bearer ${guest}`), 429, 'RATE_LIMITED');
    // Without the token, that address still has its budget.
    await service.http.get(EMPTY).set(from('10.0.4.20')).expect(200);
  });
});
