// An export whose reading fails is never taken for a complete one: failing before its first line
// it is answered 503 (a problem, as any request with the database away); failing later the body
// breaks off without HTTP/1.1's last chunk (fetch rejects while reading it, node:http says
// 'aborted'), every line sent before it whole, and an error line names the failure. A whole
// export ends as usual.
import { request as httpGet } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/platform/db/client.ts';
import { jsonLogger } from '../../src/platform/log.ts';
import { openTestDatabase } from '../support/db.ts';
import { expectProblem, playUntil } from '../support/problems.ts';
import { Client, rng, startTestService, type TestService } from '../support/service.ts';

/** Games per batch of the export (exports/service.ts): more than one batch's worth are made. */
const BATCH = 200;
const COPIES = 250;

/** What the database throws when it is shut down under a session (SQLSTATE 57P01). */
const adminShutdown = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

let base: Database;
let service: TestService;
const lines: string[] = [];
/** Which of the export's statements fail: none, the first, or every one after the first. */
let failing: 'none' | 'first' | 'later' = 'none';
let exportReads = 0;

beforeAll(async () => {
  base = await openTestDatabase();
  // The export's reads (and only they: the statement that aggregates a game's log) fail on demand.
  const database: Database = {
    ...base,
    query: async <T extends Record<string, unknown>>(text: string, params?: unknown[]) => {
      if (failing !== 'none' && text.includes('json_agg(e.payload')) {
        exportReads++;
        if (failing === 'first' || exportReads > 1) throw adminShutdown();
      }
      return base.query<T>(text, params);
    },
  };
  service = await startTestService({ database, log: jsonLogger('info', (line) => lines.push(line)) });
  const client = new Client(service.http);
  const account = async (name: string) => {
    const res = await service.http.post('/v1/accounts').send({ username: `${name}_${Date.now().toString(36)}`, password: 'correct horse battery staple' }).expect(201);
    return { playerId: res.body.playerId, name: res.body.name, token: res.body.token, auth: { Authorization: `Bearer ${res.body.token}` } };
  };
  const [anna, bert] = [await account('broken_a'), await account('broken_b')];
  const created = await service.http.post('/v1/games').set(anna.auth).send({ seat: 'forehand', rated: true }).expect(201);
  await service.http.post(`/v1/games/${created.body.id}/join`).set(bert.auth).expect(200);
  await playUntil(client, created.body.id, { forehand: anna, dealer: bert }, rng(7), () => false);
  // Copies of the played game, each ending a second earlier: more than one batch to read.
  await base.query(
    `insert into games (id, config, status, version, forehand_player_id, dealer_player_id, reserved_player_id, server_seed, seed_commitment,
       turn_seconds, rated, rating_changes, created_at, updated_at)
     select g.id || '-' || i, g.config, g.status, g.version, g.forehand_player_id, g.dealer_player_id, null, g.server_seed, g.seed_commitment,
       g.turn_seconds, g.rated, g.rating_changes, g.created_at - make_interval(secs => i), g.updated_at - make_interval(secs => i)
     from games g, generate_series(1, $2::int) i where g.id = $1`,
    [created.body.id, COPIES],
  );
  await base.query(
    `insert into game_events (game_id, seq, type, seat, payload)
     select e.game_id || '-' || i, e.seq, e.type, e.seat, e.payload from game_events e, generate_series(1, $2::int) i where e.game_id = $1`,
    [created.body.id, COPIES],
  );
}, 120_000);

afterAll(async () => {
  await service?.close();
  await base?.close();
});

/** GET through node:http: what arrived, and how the body ended. */
function raw(url: string) {
  return new Promise<{ status: number; requestId: string; body: string; complete: boolean; aborted: boolean; error: string | null }>((resolve, reject) => {
    httpGet(url, (res) => {
      let body = '';
      let aborted = false;
      let error: string | null = null;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('aborted', () => (aborted = true));
      res.on('error', (e) => (error = e.message));
      res.on('close', () =>
        resolve({ status: res.statusCode ?? 0, requestId: String(res.headers['x-request-id']), body, complete: res.complete, aborted, error }),
      );
    })
      .on('error', reject)
      .end();
  });
}

const failures = () =>
  lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.event === 'exportFailed');

describe('an export', () => {
  it('that is whole ends as usual', async () => {
    failing = 'none';
    const res = await fetch(`${service.url}/v1/games/export`);
    expect(res.status).toBe(200);
    expect((await res.text()).split('\n').filter(Boolean)).toHaveLength(COPIES + 1);
    const got = await raw(`${service.url}/v1/games/export`);
    expect(got).toMatchObject({ status: 200, complete: true, aborted: false, error: null });
    expect(got.body.endsWith('\n')).toBe(true);
    expect(failures()).toEqual([]);
  });

  it('whose reading fails part way breaks off: fetch rejects, node:http is aborted, and a line names the failure', async () => {
    failing = 'later';
    exportReads = 0;
    // (The tests' fetch reads an ndjson body before it answers: then the fetch itself rejects.)
    await expect(fetch(`${service.url}/v1/games/export`).then((res) => res.text())).rejects.toThrow(/terminated/);

    exportReads = 0;
    const got = await raw(`${service.url}/v1/games/export`);
    expect(got).toMatchObject({ status: 200, complete: false, aborted: true, error: 'aborted' });
    // The first batch arrived whole, every line of it a record.
    const received = got.body.split('\n');
    expect(received.pop()).toBe('');
    expect(received).toHaveLength(BATCH);
    for (const line of received) expect(JSON.parse(line)).toHaveProperty('id');

    const logged = failures();
    expect(logged).toHaveLength(2);
    expect(logged[1]).toMatchObject({ level: 'error', requestId: got.requestId, path: '/v1/games/export', message: 'database error 57P01' });
  });

  it('whose reading fails before its first line is answered 503 (its access line says so)', async () => {
    failing = 'first';
    const before = failures().length;
    const res = await service.http.get('/v1/games/export');
    expectProblem(res, 503, 'DATABASE_UNAVAILABLE');
    failing = 'none';
    // A 503 of the database away is the access log's line, as for any request.
    const access = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.requestId === res.headers['x-request-id']);
    expect(access).toEqual([expect.objectContaining({ path: '/v1/games/export', status: 503 })]);
    expect(failures()).toHaveLength(before);
  });
});
