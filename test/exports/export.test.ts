// The exports (API.md, "Export"): ndjson, one record a line exactly as GET /v1/games/{gameId}/record,
// newest end first, the filters, every line verified by `npm run verify`, streamed with constant
// memory (≥ 10,000 games), and a rate budget of their own.
import { execFile } from 'node:child_process';
import { request as httpGet } from 'node:http';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRecord, verifyRecord } from '../../src/record/index.ts';
import { playToEnd } from '../support/matches.ts';
import { expectProblem } from '../support/problems.ts';
import { Client, startTestService, testConfig, type TestPlayer, type TestService } from '../support/service.ts';
import { ndjsonLines } from '../support/ndjson.ts';

let n = 0;
async function account(service: TestService): Promise<TestPlayer> {
  const username = `ex_${Date.now().toString(36)}${n++}`;
  const res = await service.http.post('/v1/accounts').send({ username, password: 'correct horse battery staple' }).expect(201);
  return { playerId: res.body.playerId, name: res.body.name, token: res.body.token, auth: { Authorization: `Bearer ${res.body.token}` } };
}

/** A game played to its end by random legal moves (a whole record: every trick). */
async function playedGame(service: TestService, client: Client, a: TestPlayer, b: TestPlayer, body: Record<string, unknown>) {
  const created = await service.http.post('/v1/games').set(a.auth).send({ seat: 'forehand', ...body }).expect(201);
  await service.http.post(`/v1/games/${created.body.id}/join`).set(b.auth).expect(200);
  // Random legal moves, never a resignation: a whole game (each move's answer says who is to move next).
  await playToEnd(client, created.body.id, [a, b], n++);
  return created.body.id as string;
}

/** GET as a stream through node:http (no client that keeps the body): its status, type and lines handed to `line`. */
function streamed(url: string, line: (text: string) => void, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; type: string | undefined; bytes: number }>((resolve, reject) => {
    httpGet(url, { headers }, (res) => {
      let pending = '';
      let bytes = 0;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        bytes += chunk.length;
        pending += chunk;
        let end = pending.indexOf('\n');
        while (end >= 0) {
          line(pending.slice(0, end));
          pending = pending.slice(end + 1);
          end = pending.indexOf('\n');
        }
      });
      res.on('end', () => (pending ? reject(new Error(`a line without its end: ${pending.slice(0, 100)}`)) : resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], bytes })));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('the exports', () => {
  let service: TestService;
  let client: Client;
  let anna: TestPlayer;
  let bert: TestPlayer;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    service = await startTestService();
    client = new Client(service.http);
    [anna, bert] = [await account(service), await account(service)];
    // Oldest first: a rated classic game, a rated halfOpen one, an unrated one; one still running.
    ids.ratedClassic = await playedGame(service, client, anna, bert, { rated: true });
    ids.ratedHalfOpen = await playedGame(service, client, bert, anna, { rated: true, variant: 'halfOpen' });
    ids.unrated = await playedGame(service, client, anna, bert, {});
    const running = await service.http.post('/v1/games').set(anna.auth).send({ rated: true }).expect(201);
    await service.http.post(`/v1/games/${running.body.id}/join`).set(bert.auth).expect(200);
  }, 240_000);
  afterAll(() => service?.close());

  const exported = async (path: string) => ndjsonLines(service.http.get(path).set(anna.auth)) as Promise<any[]>;

  it("one player's finished games, newest first, each line exactly the game's record", async () => {
    const records = await exported(`/v1/players/${anna.playerId}/games/export`);
    expect(records.map((r) => r.id)).toEqual([ids.unrated, ids.ratedHalfOpen, ids.ratedClassic]);
    for (const r of records) {
      const record = await service.http.get(`/v1/games/${r.id}/record`).expect(200);
      expect(r).toEqual(record.body);
      expect(verifyRecord(r).problems).toEqual([]);
    }
    expect(records[1]).toMatchObject({ rated: true, ratingChanges: expect.any(Object) });
    expect(records[0]).toMatchObject({ rated: false, ratingChanges: null });
  });

  it('filters by variant, rated, since and until (the end of the game)', async () => {
    const of = async (query: string) => (await exported(`/v1/players/${anna.playerId}/games/export?${query}`)).map((r) => r.id);
    expect(await of('rated=true')).toEqual([ids.ratedHalfOpen, ids.ratedClassic]);
    expect(await of('rated=false')).toEqual([ids.unrated]);
    expect(await of('variant=halfOpen')).toEqual([ids.ratedHalfOpen]);
    const middle = (await exported(`/v1/players/${anna.playerId}/games/export?variant=halfOpen`))[0].endedAt;
    expect(await of(`since=${middle}`)).toEqual([ids.unrated, ids.ratedHalfOpen]);
    expect(await of(`until=${middle}`)).toEqual([ids.ratedClassic]);
    expect(await of(`since=${middle}&until=${middle}`)).toEqual([]);
    expectProblem(await service.http.get(`/v1/players/${anna.playerId}/games/export?since=yesterday`), 400, 'VALIDATION_FAILED');
    expectProblem(await service.http.get('/v1/players/no-such-player/games/export'), 404, 'PLAYER_NOT_FOUND');
  });

  it('every finished rated game of the service, without a token too', async () => {
    const res = await service.http.get('/v1/games/export').buffer(true).parse((r, done) => {
      let text = '';
      r.on('data', (c: Buffer) => (text += c));
      r.on('end', () => done(null, text));
    });
    expect(res.status).toBe(200);
    const lines = (res.body as string).split('\n').filter(Boolean).map((l) => JSON.parse(l).id);
    expect(lines).toEqual([ids.ratedHalfOpen, ids.ratedClassic]);
    expectProblem(await service.http.get('/v1/games/export?rated=false'), 400, 'VALIDATION_FAILED');
  });

  it('every line verifies with npm run verify', async () => {
    const text = (await exported(`/v1/players/${anna.playerId}/games/export`)).map((r) => JSON.stringify(r)).join('\n');
    const dir = await mkdtemp(join(tmpdir(), 'export-'));
    const file = join(dir, 'games.ndjson');
    await writeFile(file, `${text}\n`);
    // One tampered line fails the whole file.
    const tampered = text.split('\n').map((l, i) => (i === 1 ? l.replace('"value":', '"value":1') : l));
    const tamperedFile = join(dir, 'tampered.ndjson');
    await writeFile(tamperedFile, `${tampered.join('\n')}\n`);
    // Both files at once: each command a process of its own.
    const run = promisify(execFile);
    const verify = (path: string) => run(process.execPath, ['--import', 'tsx', 'src/cli/verify.ts', '--quiet', path], { cwd: join(import.meta.dirname, '../..') });
    const [out, failed] = await Promise.all([verify(file), verify(tamperedFile).catch((e: { code: number; stdout: string }) => e)]);
    expect(out.stdout).toMatch(/3 records: all verified\n$/);
    expect((failed as { code: number }).code).toBe(1);
    expect((failed as { stdout: string }).stdout).toMatch(/3 records: 1 failed\n$/);
  }, 60_000);

  it(`streams ${(10_000).toLocaleString('en')}+ games with bounded memory`, async () => {
    // 10,000 copies of a whole played game, seeded in bulk statements (every copy ends a second
    // earlier than the one before; its log is the original's).
    const copies = 10_000;
    // In slices: each statement well within the server's statement timeout on a loaded machine.
    const slice = 500;
    for (let from = 1; from <= copies; from += slice) {
      const to = Math.min(copies, from + slice - 1);
      await service.database.query(
        `insert into games (id, config, status, version, forehand_player_id, dealer_player_id, reserved_player_id, server_seed, seed_commitment,
           turn_seconds, rated, rating_changes, created_at, updated_at)
         select g.id || '-' || i, g.config, g.status, g.version, g.forehand_player_id, g.dealer_player_id, null, g.server_seed, g.seed_commitment,
           g.turn_seconds, g.rated, g.rating_changes, g.created_at - make_interval(secs => i), g.updated_at - make_interval(secs => i)
         from games g, generate_series($2::int, $3::int) i where g.id = $1`,
        [ids.ratedClassic, from, to],
      );
      await service.database.query(
        `insert into game_events (game_id, seq, type, seat, payload)
         select e.game_id || '-' || i, e.seq, e.type, e.seat, e.payload from game_events e, generate_series($2::int, $3::int) i where e.game_id = $1`,
        [ids.ratedClassic, from, to],
      );
    }
    // What stays alive, measured after a full collection (RSS alone also counts garbage that a
    // lazy collector has not freed yet, and pages the allocator keeps): the V8 heap must not grow
    // with the lines sent; RSS is printed beside it.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const live = () => {
      gc();
      return process.memoryUsage();
    };
    const before = live();
    const heap: number[] = [];
    let rssPeak = before.rss;
    let lines = 0;
    let verified = 0;
    const { status, type, bytes } = await streamed(`${service.url}/v1/games/export`, (line) => {
      lines++;
      // A sample verified offline (every line is the same game's record, renamed).
      if (lines % 1000 === 1 && verifyRecord(parseRecord(line)).ok) verified++;
      if (lines % 2000 === 0) {
        const now = live();
        heap.push(now.heapUsed - before.heapUsed);
        rssPeak = Math.max(rssPeak, now.rss);
      }
    });
    expect(status).toBe(200);
    expect(type).toMatch(/^application\/x-ndjson/);
    expect(lines).toBe(copies + 2);
    expect(verified).toBe(Math.ceil((copies + 2) / 1000));
    const mb = (x: number) => (x / 1e6).toFixed(1);
    console.log(
      `export of ${lines} games: ${mb(bytes)} MB of ndjson; live V8 heap growth every 2,000 lines: ${heap.map(mb).join(', ')} MB; RSS growth at most ${mb(rssPeak - before.rss)} MB (load ${loadavg()[0].toFixed(2)})`,
    );
    // Nothing holds the answer: the live heap stays far below it, and does not grow with the lines.
    expect(Math.max(...heap)).toBeLessThan(bytes / 4);
    expect(heap.at(-1)! - heap[0]).toBeLessThan(bytes / 8);
  }, 300_000);
});

describe('the export budget', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ config: { exports: { ...testConfig().exports, budget: { points: 2, seconds: 60 } } } });
  });
  afterAll(() => service?.close());

  it('is its own: past it 429 RATE_LIMITED with Retry-After, other calls unaffected', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await service.http.get('/v1/games/export').expect(200);
      expect(res.headers['ratelimit-policy']).toBe('"export";q=2;w=60');
    }
    const refused = await service.http.get('/v1/games/export');
    expectProblem(refused, 429, 'RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await service.http.get('/v1/leaderboards/classic').expect(200);
  });
});
