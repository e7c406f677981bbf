// The service keeps nothing that matters in memory: stopped mid-game and started again on the
// same database, the game goes on where it was and tokens issued before still work (the
// signing key lives in the database). On embedded PGlite (a data directory) and, when
// DATABASE_URL names one, on a Postgres server.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/platform/db/client.ts';
import { snapshot } from '../support/problems.ts';
import { createScratchDatabase, testDriver } from '../support/db.ts';
import { Client, rng, startTestService, type TestPlayer, type TestService } from '../support/service.ts';

type Seat = 'forehand' | 'dealer';

/** Plays `count` moves (or to the end) with the moves the views offer. */
async function play(client: Client, gameId: string, bySeat: Record<Seat, TestPlayer>, pick: (n: number) => number, count = Infinity) {
  for (let i = 0; i < count; i++) {
    const { body: spectator } = await client.view(gameId).expect(200);
    if (spectator.status === 'finished') return spectator;
    const seat = spectator.toMove as Seat;
    const { body: mine } = await client.view(gameId, bySeat[seat]).expect(200);
    const res = await client.move(gameId, bySeat[seat], mine.legalMoves[pick(mine.legalMoves.length)], { expectedVersion: mine.version });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  return (await client.view(gameId).expect(200)).body;
}

/** The restart story, over whatever `open` opens (the same database every time). */
function restartStory(open: () => Promise<Database>) {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  async function start(): Promise<{ service: TestService; client: Client; database: Database }> {
    const database = await open();
    const service = await startTestService({ database });
    // The service's own close, kept before `close` is replaced by `stop` below (calling
    // service.close() in stop would call stop itself, and the service would never stop).
    const closeService = service.close;
    let closed = false;
    const stop = async () => {
      if (closed) return;
      closed = true;
      await closeService();
      await database.close();
    };
    cleanup.push(stop);
    return { service: Object.assign(service, { close: stop }), client: new Client(service.http), database };
  }

  it('a game stopped mid-way goes on after a restart, with the tokens issued before', async () => {
    const pick = rng(2024);
    const first = await start();
    const { gameId, bySeat } = await first.client.startedGame({ variant: 'halfOpen' });
    const waiting = await first.client.createGame(bySeat.forehand, { opponent: bySeat.dealer.playerId });
    const mid = await play(first.client, gameId, bySeat, pick, 8);
    expect(mid.status).not.toBe('finished');
    const before = {
      forehand: await snapshot(first.service.http, gameId, bySeat.forehand),
      dealer: await snapshot(first.service.http, gameId, bySeat.dealer),
      spectator: await snapshot(first.service.http, gameId),
      lobby: (await first.service.http.get('/v1/games?status=waiting').expect(200)).body,
      jwks: (await first.service.http.get('/.well-known/jwks.json').expect(200)).body,
    };
    await first.service.close();

    const second = await start();
    const http = second.service.http;
    // Tokens from before the restart are accepted, and they still name the same players.
    expect(await snapshot(http, gameId, bySeat.forehand)).toEqual(before.forehand);
    expect(await snapshot(http, gameId, bySeat.dealer)).toEqual(before.dealer);
    expect(await snapshot(http, gameId)).toEqual(before.spectator);
    expect((await http.get('/v1/games?status=waiting').expect(200)).body).toEqual(before.lobby);
    expect((await http.get('/.well-known/jwks.json').expect(200)).body).toEqual(before.jwks);
    expect((await second.client.view(gameId, bySeat.forehand).expect(200)).body.you).toBe('forehand');

    // The reserved seat is still reserved, and the invited player can take it with the old token.
    const joined = await http.post(`/v1/games/${waiting.id}/join`).set(bySeat.dealer.auth).expect(200);
    expect(joined.body.status).toBe('cutting');

    // The game goes on to the end, and its record is complete.
    const end = await play(second.client, gameId, bySeat, pick);
    expect(end.status).toBe('finished');
    const record = (await http.get(`/v1/games/${gameId}/record`).expect(200)).body;
    expect(record.events.map((e: { seq: number }) => e.seq)).toEqual(Array.from({ length: end.version }, (_, i) => i + 1));
    expect(record.events.slice(0, before.spectator.version).map((e: { seq: number; event: { type: string } }) => [e.seq, e.event.type])).toEqual(
      before.spectator.events.events.map((e: { seq: number; event: { type: string } }) => [e.seq, e.event.type]),
    );

    // A new player made after the restart can play a player made before it.
    const carl = await second.client.player('Carl');
    const created = await second.client.createGame(carl, {});
    await http.post(`/v1/games/${created.id}/join`).set(bySeat.forehand.auth).expect(200);
    await second.service.close();
  });

  it('two service processes over one database serve the same games and accept each other\'s tokens', async () => {
    const database = await open();
    const [a, b] = [await startTestService({ database }), await startTestService({ database })];
    cleanup.push(async () => {
      await a.close();
      await b.close();
      await database.close();
    });
    const [ca, cb] = [new Client(a.http), new Client(b.http)];
    const anna = await ca.player('Anna');
    const bert = await cb.player('Bert');
    const created = await cb.createGame(anna, { seat: 'forehand' });
    await a.http.post(`/v1/games/${created.id}/join`).set(bert.auth).expect(200);
    const pick = rng(7);
    const bySeat = { forehand: anna, dealer: bert };
    // Alternate the process every move.
    for (let i = 0; i < 12; i++) {
      const c = i % 2 ? ca : cb;
      const v = await play(c, created.id, bySeat, pick, 1);
      if (v.status === 'finished') break;
    }
    expect(await snapshot(a.http, created.id, anna)).toEqual(await snapshot(b.http, created.id, anna));
  });
}

describe('on embedded PGlite, restarted on the same data directory', () => {
  let dir: string | undefined;
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  restartStory(async () => {
    dir ??= await mkdtemp(join(tmpdir(), 'skat-persist-'));
    return openDatabase(undefined, { dataDir: join(dir, 'pgdata') });
  });
});

describe.skipIf(testDriver !== 'postgres')('on the Postgres server of DATABASE_URL, restarted on the same database', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  afterAll(async () => {
    await scratch?.drop();
  });
  restartStory(async () => {
    scratch ??= await createScratchDatabase();
    return openDatabase(scratch.url, { poolSize: 4, ...scratch.options });
  });
});
