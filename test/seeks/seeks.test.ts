// The pairing pool through the API: a compatible seek is paired at once (the second seeker gets
// the game in its answer, the first hears of it on its stream within a second), incompatible ones
// wait, the pool lists them oldest first, a seek is withdrawn by its owner only, a player holds at
// most 5, and the refusals are those of a new game's.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ratings } from '../../src/ratings/tables.ts';
import { seeks } from '../../src/seeks/tables.ts';
import { MAX_WAITING_SEEKS } from '../../src/seeks/open-caps.ts';
import { testClock } from '../support/matches.ts';
import { expectProblem } from '../support/problems.ts';
import { Client, startTestService, type TestPlayer, type TestService } from '../support/service.ts';
import { openSse } from '../support/sse.ts';

const clock = testClock();
let service: TestService;
let client: Client;

beforeAll(async () => {
  service = await startTestService({ now: clock.now, config: { seeks: { ttlSeconds: 600 } } });
  client = new Client(service.http);
});
afterAll(() => service?.close());

const seek = (p: TestPlayer, body: Record<string, unknown>) => service.http.post('/v1/seeks').set(p.auth).send(body);
const seekOf = async (id: string) => (await service.http.get(`/v1/seeks/${id}`).expect(200)).body;
/** Each test seeks in a pool of its own (a variant and clock no other test uses). */
let pools = 0;
const pool = () => ({ variant: 'classic', turnSeconds: 100 + pools++ });

describe('POST /v1/seeks', () => {
  it('pairs a compatible seek at once: the second seeker in its answer, the first on its stream within a second', async () => {
    const anna = await client.player('Anna');
    const bert = await client.player('Bert');
    const options = pool();
    const stream = await openSse(`${service.url}/v1/players/me/stream`, anna.auth);
    try {
      const first = await seek(anna, options).expect(201);
      expect(first.body).toMatchObject({ status: 'waiting', player: { playerId: anna.playerId, name: 'Anna', bot: false }, rating: 1500 });
      expect(first.body.gameId).toBeUndefined();
      expect(first.headers.location).toBe(`/v1/seeks/${first.body.seekId}`);

      const second = await seek(bert, options).expect(201);
      expect(second.body.status).toBe('paired');
      const gameId = second.body.gameId;
      expect(gameId).toBeTruthy();
      // Within a second of the second seeker's answer (it was written in the pairing's transaction).
      await stream.until((m) => m.some((x) => x.event === 'gameStart'), 1000);
      const start = JSON.parse(stream.messages.find((x) => x.event === 'gameStart')!.data!);
      expect(start).toMatchObject({ type: 'gameStart', gameId, opponent: bert.playerId, matchId: null });

      expect(await seekOf(first.body.seekId)).toMatchObject({ status: 'paired', gameId });
      const view = (await client.view(gameId, bert).expect(200)).body;
      expect(view.status).toBe('cutting');
      expect(view.config).toMatchObject({ variant: 'classic', practice: false });
      expect(new Set([view.players.forehand.playerId, view.players.dealer.playerId])).toEqual(new Set([anna.playerId, bert.playerId]));
      expect(view.you).toBe(start.seat === 'forehand' ? 'dealer' : 'forehand');
      // Both players' games list it as active.
      const annas = (await service.http.get('/v1/players/me/games?status=active').set(anna.auth).expect(200)).body;
      expect(annas.entries.map((e: { id: string }) => e.id)).toContain(gameId);
    } finally {
      stream.close();
    }
  });

  it('pairs into a match with games ≥ 2: both players get matchStart and gameStart', async () => {
    const anna = await client.player('Anna');
    const bert = await client.player('Bert');
    const options = { ...pool(), games: 3 };
    const stream = await openSse(`${service.url}/v1/players/me/stream`, anna.auth);
    try {
      await seek(anna, options).expect(201);
      const paired = (await seek(bert, options).expect(201)).body;
      expect(paired).toMatchObject({ status: 'paired', games: 3 });
      expect(paired.gameId).toBeUndefined();
      const match = (await service.http.get(`/v1/matches/${paired.matchId}`).expect(200)).body;
      expect(match).toMatchObject({ status: 'playing', games: 3 });
      await stream.until((m) => m.some((x) => x.event === 'matchStart') && m.some((x) => x.event === 'gameStart'), 1000);
      const start = JSON.parse(stream.messages.find((x) => x.event === 'matchStart')!.data!);
      expect(start).toEqual({ type: 'matchStart', matchId: paired.matchId, opponent: bert.playerId, games: 3 });
    } finally {
      stream.close();
    }
  });

  it('leaves incompatible seeks waiting: other options, the same player, a rating outside a range', async () => {
    const anna = await client.player('Anna');
    const bert = await client.player('Bert');
    const options = pool();
    const a = (await seek(anna, options).expect(201)).body;
    // The same player again, other rules, another clock, a match, rated-ness aside: no pairing.
    expect((await seek(anna, options).expect(201)).body.status).toBe('waiting');
    expect((await seek(bert, { ...options, scoring: 'simple' }).expect(201)).body.status).toBe('waiting');
    expect((await seek(bert, { ...options, games: 2 }).expect(201)).body.status).toBe('waiting');
    // Bert (1500) wants opponents of 1600 and more; Anna is 1500.
    expect((await seek(bert, { ...options, ratingRange: [1600, 2000] }).expect(201)).body).toMatchObject({ status: 'waiting', ratingRange: [1600, 2000] });
    const cara = await client.player('Cara');
    // A range that holds 1500 pairs with the oldest compatible one: Anna's first.
    const paired = (await seek(cara, { ...options, ratingRange: [1400, 1500] }).expect(201)).body;
    expect(paired.status).toBe('paired');
    expect((await seekOf(a.seekId)).gameId).toBe(paired.gameId);
  });

  it('refuses what a new game refuses, and more than 5 waiting seeks', async () => {
    const anna = await client.player('Anna');
    await service.http.post('/v1/seeks').send({ variant: 'classic' }).expect(401);
    for (const body of [{}, { variant: 'poker' }, { variant: 'classic', turnSeconds: 1 }, { variant: 'classic', ratingRange: [1800, 1200] }, { variant: 'classic', games: 0 }, { variant: 'classic', seed: 'ab' }, { variant: 'classic', ratingRange: [1] }]) {
      const res = await seek(anna, body).expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    const options = { variant: 'halfOpen', turnSeconds: 33 };
    for (let i = 0; i < MAX_WAITING_SEEKS; i++) await seek(anna, options).expect(201);
    const refused = await seek(anna, options).expect(429);
    expect(refused.body.code).toBe('TOO_MANY_SEEKS');
  });

  it('keeps the cap when many seeks of one player arrive at once, in different pools', async () => {
    const dora = await client.player('Dora');
    // Twelve pools (variant × time), nobody else in them: each seek would be left waiting.
    const bodies = ['classic', 'halfOpen', 'bidding'].flatMap((variant) => [41, 42, 43, 44].map((turnSeconds) => ({ variant, turnSeconds })));
    const answers = await Promise.all(bodies.map((body) => seek(dora, body)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_WAITING_SEEKS);
    expect(answers.filter((r) => r.status === 429).every((r) => r.body.code === 'TOO_MANY_SEEKS')).toBe(true);
    expect(statuses.filter((s) => s !== 201 && s !== 429)).toEqual([]);
    for (const r of answers.filter((r) => r.status === 201)) expect((await seekOf(r.body.seekId)).status).toBe('waiting');
    // And a sixth, later, is refused too.
    expect((await seek(dora, { variant: 'classic', turnSeconds: 45 }).expect(429)).body.code).toBe('TOO_MANY_SEEKS');
  });
});

let accounts = 0;
async function account() {
  const username = `seeker_${Date.now().toString(36)}${accounts++}`;
  const res = await service.http.post('/v1/accounts').send({ username, password: 'correct horse battery staple' }).expect(201);
  return { playerId: res.body.playerId as string, name: username, token: res.body.token as string, auth: { Authorization: `Bearer ${res.body.token}` } };
}

describe('rated seeks', () => {
  it('need an account and get a 60 s deadline; pair only with rated ones, into a rated game, by the ratings in the variant', async () => {
    const guest = await client.player('Gast');
    expect((await seek(guest, { variant: 'halfOpen', rated: true }).expect(422)).body.code).toBe('RATED_NEEDS_ACCOUNT');
    const [anna, bert, cara] = [await account(), await account(), await account()];
    expect((await seek(anna, { variant: 'halfOpen', rated: true, turnSeconds: 5 }).expect(422)).body.code).toBe('RATED_TURN_SECONDS');
    // Anna is rated 1712 in halfOpen; Bert and Cara are unrated (1500).
    await service.database.db.insert(ratings).values({ playerId: anna.playerId, variant: 'halfOpen', rating: 1712.4, rd: 80, volatility: 0.06, games: 30 });
    const a = (await seek(anna, { variant: 'halfOpen', rated: true }).expect(201)).body;
    expect(a).toMatchObject({ status: 'waiting', rated: true, turnSeconds: 60, rating: 1712 });
    // Unrated seeks of the same variant are another pool; a range without 1712 is no match either.
    expect((await seek(bert, { variant: 'halfOpen', turnSeconds: 60 }).expect(201)).body.status).toBe('waiting');
    expect((await seek(bert, { variant: 'halfOpen', rated: true, ratingRange: [1400, 1700] }).expect(201)).body.status).toBe('waiting');
    // Cara asks for 1700..1800: Anna's seek, the oldest compatible one (Bert's rated seek is 1500).
    const paired = (await seek(cara, { variant: 'halfOpen', rated: true, ratingRange: [1700, 1800] }).expect(201)).body;
    expect(paired).toMatchObject({ status: 'paired', rated: true });
    expect((await seekOf(a.seekId)).gameId).toBe(paired.gameId);
    expect((await client.view(paired.gameId).expect(200)).body).toMatchObject({ rated: true, turnSeconds: 60 });
  });
});

describe('the pool', () => {
  it('lists the waiting seeks oldest first, page by page, showing who seeks and nothing private', async () => {
    const fresh = await startTestService();
    try {
      const c = new Client(fresh.http);
      const players = [await c.player('Anna'), await c.player('Bert'), await c.player('Cara')];
      const ids: string[] = [];
      for (const [i, p] of players.entries()) ids.push((await fresh.http.post('/v1/seeks').set(p.auth).send({ variant: 'bidding', turnSeconds: 20 + i }).expect(201)).body.seekId);
      const first = (await fresh.http.get('/v1/seeks?limit=2').expect(200)).body;
      expect(first.items.map((s: { seekId: string }) => s.seekId)).toEqual(ids.slice(0, 2));
      const second = (await fresh.http.get(`/v1/seeks?limit=2&cursor=${first.nextCursor}`).expect(200)).body;
      expect(second.items.map((s: { seekId: string }) => s.seekId)).toEqual(ids.slice(2));
      expect(second.nextCursor).toBeNull();
      expect(first.items[0].player).toEqual({ playerId: players[0].playerId, name: 'Anna', bot: false });
      expect(JSON.stringify(first)).not.toContain(players[0].token);
      expect((await fresh.http.get('/v1/seeks?cursor=nonsense').expect(400)).body.code).toBe('INVALID_CURSOR');
      // A withdrawn seek leaves the pool.
      await fresh.http.delete(`/v1/seeks/${ids[0]}`).set(players[0].auth).expect(204);
      expect((await fresh.http.get('/v1/seeks').expect(200)).body.items.map((s: { seekId: string }) => s.seekId)).toEqual(ids.slice(1));
    } finally {
      await fresh.close();
    }
  });
});

describe('Idempotency-Key', () => {
  const seeksOf = async (p: TestPlayer) => (await service.database.db.select({ n: count() }).from(seeks).where(eq(seeks.playerId, p.playerId)))[0]?.n ?? 0;
  const keyed = (p: TestPlayer, key: string, body: Record<string, unknown>) => seek(p, body).set('Idempotency-Key', key);

  it('a repeat with the same key and body gets the first answer, even once paired; another player’s key is its own', async () => {
    const anna = await client.player('Anna');
    const bert = await client.player('Bert');
    const options = pool();
    const first = await keyed(anna, 'k1', options).expect(201);
    expect(first.body.status).toBe('waiting');
    const again = await keyed(anna, 'k1', options).expect(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.location).toBe(first.headers.location);
    expect(await seeksOf(anna)).toBe(1);
    const berts = (await keyed(bert, 'k1', options).expect(201)).body;
    expect(berts.seekId).not.toBe(first.body.seekId);
    expect(berts).toMatchObject({ status: 'paired' });
    // Anna's repeat after the pairing: the first answer still (`waiting`); her seek's GET tells the pairing.
    const later = await keyed(anna, 'k1', options).expect(201);
    expect(later.text).toBe(first.text);
    expect(await seekOf(first.body.seekId)).toMatchObject({ status: 'paired', gameId: berts.gameId });
    expect(await seeksOf(anna)).toBe(1);
  });

  it('the same key with another body → 422 IDEMPOTENCY_KEY_REUSED, and no second seek', async () => {
    const anna = await client.player('Anna');
    const options = pool();
    await keyed(anna, 'k2', options).expect(201);
    const problem = expectProblem(await keyed(anna, 'k2', { ...options, ratingRange: [1000, 2000] }), 422, 'IDEMPOTENCY_KEY_REUSED');
    expect(problem.detail).toBe('this Idempotency-Key was used with another request');
    expectProblem(await keyed(anna, 'k2', pool()), 422, 'IDEMPOTENCY_KEY_REUSED');
    expect(await seeksOf(anna)).toBe(1);
  });

  it('three requests sent at once with one key make one seek, and all get its answer', async () => {
    const anna = await client.player('Anna');
    const options = pool();
    const answers = await Promise.all([1, 2, 3].map(() => keyed(anna, 'k3', options)));
    for (const a of answers) expect(a.status, a.text).toBe(201);
    expect(new Set(answers.map((a) => a.body.seekId)).size).toBe(1);
    expect(await seeksOf(anna)).toBe(1);
  });

  it('a refused seek keeps nothing: its key may be sent again', async () => {
    const anna = await client.player('Anna');
    const options = pool();
    const placed: string[] = [];
    for (let i = 0; i < MAX_WAITING_SEEKS; i++) placed.push((await seek(anna, pool()).expect(201)).body.seekId);
    expectProblem(await keyed(anna, 'k4', options), 429, 'TOO_MANY_SEEKS');
    await service.http.delete(`/v1/seeks/${placed[0]}`).set(anna.auth).expect(204);
    await keyed(anna, 'k4', options).expect(201);
    expect(await seeksOf(anna)).toBe(MAX_WAITING_SEEKS + 1);
  });
});

describe('DELETE /v1/seeks/{seekId}', () => {
  it('its owner withdraws it (again: 204); anyone else 403; a paired one 422; an unknown one 404', async () => {
    const anna = await client.player('Anna');
    const bert = await client.player('Bert');
    const options = pool();
    const a = (await seek(anna, options).expect(201)).body;
    expect((await service.http.delete(`/v1/seeks/${a.seekId}`).set(bert.auth).expect(403)).body.code).toBe('NOT_YOUR_SEEK');
    await service.http.delete(`/v1/seeks/${a.seekId}`).set(anna.auth).expect(204);
    await service.http.delete(`/v1/seeks/${a.seekId}`).set(anna.auth).expect(204);
    expect(await seekOf(a.seekId)).toMatchObject({ status: 'withdrawn' });
    // A withdrawn seek is paired with nobody.
    const b = (await seek(bert, options).expect(201)).body;
    expect(b.status).toBe('waiting');
    const cara = await client.player('Cara');
    await seek(cara, options).expect(201);
    expect((await service.http.delete(`/v1/seeks/${b.seekId}`).set(bert.auth).expect(422)).body.code).toBe('SEEK_PAIRED');
    expect((await service.http.delete('/v1/seeks/no-such-seek').set(bert.auth).expect(404)).body.code).toBe('SEEK_NOT_FOUND');
    expect((await service.http.get('/v1/seeks/no-such-seek').expect(404)).body.code).toBe('SEEK_NOT_FOUND');
  });
});

describe('the end of a seek', () => {
  it('whileConnected: ends when the owner’s last player stream closes', async () => {
    const anna = await client.player('Anna');
    const one = await openSse(`${service.url}/v1/players/me/stream`, anna.auth);
    const two = await openSse(`${service.url}/v1/players/me/stream`, anna.auth);
    const s = (await seek(anna, { ...pool(), whileConnected: true }).expect(201)).body;
    const kept = (await seek(anna, pool()).expect(201)).body;
    one.close();
    // Another stream is still open: it waits on.
    await new Promise((r) => setTimeout(r, 300));
    expect((await seekOf(s.seekId)).status).toBe('waiting');
    two.close();
    const deadline = Date.now() + 5000;
    while ((await seekOf(s.seekId)).status === 'waiting' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await seekOf(s.seekId)).toMatchObject({ status: 'disconnected' });
    expect((await seekOf(kept.seekId)).status).toBe('waiting');
  });

  it('the sweeper ends seeks past SEEK_TTL_SECONDS, and whileConnected ones whose owner has no stream', async () => {
    const anna = await client.player('Anna');
    const old = (await seek(anna, pool()).expect(201)).body;
    const orphan = (await seek(anna, { ...pool(), whileConnected: true }).expect(201)).body;
    clock.advance(120);
    const young = (await seek(anna, pool()).expect(201)).body;
    expect((await service.parts.sweeper.sweep()).ended.seeks).toBeGreaterThanOrEqual(1);
    expect((await seekOf(orphan.seekId)).status).toBe('disconnected');
    expect((await seekOf(old.seekId)).status).toBe('waiting');
    clock.advance(500);
    await service.parts.sweeper.sweep();
    expect(await seekOf(old.seekId)).toMatchObject({ status: 'expired' });
    expect((await seekOf(young.seekId)).status).toBe('waiting');
    // An expired seek pairs with nobody, and is off the pool.
    const pooled = (await service.http.get('/v1/seeks?limit=100').expect(200)).body.items.map((x: { seekId: string }) => x.seekId);
    expect(pooled).not.toContain(old.seekId);
  });

  it('tells its owner on the player stream: seekEnded when withdrawn, disconnected, expired; gameStart when paired', async () => {
    const anna = await client.player('Anna');
    const bert = await client.player('Bert');
    const listening = await openSse(`${service.url}/v1/players/me/stream`, anna.auth);
    const ended = () =>
      listening.messages.filter((m) => m.event === 'seekEnded').map((m) => JSON.parse(m.data!) as { type: string; seekId: string; reason: string });
    try {
      const withdrawn = (await seek(anna, pool()).expect(201)).body;
      await service.http.delete(`/v1/seeks/${withdrawn.seekId}`).set(anna.auth).expect(204);
      await listening.until(() => ended().length === 1, 2000);
      expect(ended()).toEqual([{ type: 'seekEnded', seekId: withdrawn.seekId, reason: 'withdrawn' }]);
      // Withdrawn again: nothing more is said.
      await service.http.delete(`/v1/seeks/${withdrawn.seekId}`).set(anna.auth).expect(204);

      // A whileConnected seek of hers ends when a stream of hers is gone and none other is open:
      // she hears of it on the next stream (the events are kept; this one resumes after them).
      const second = await openSse(`${service.url}/v1/players/me/stream`, anna.auth);
      const whileConnected = (await seek(anna, { ...pool(), whileConnected: true }).expect(201)).body;
      const old = (await seek(anna, pool()).expect(201)).body;
      const paired = pool();
      const pairedSeek = (await seek(anna, paired).expect(201)).body;
      await seek(bert, paired).expect(201);
      listening.close();
      second.close();
      const deadline = Date.now() + 5000;
      while ((await seekOf(whileConnected.seekId)).status === 'waiting' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      clock.advance(700);
      await service.parts.sweeper.sweep();
      expect((await seekOf(old.seekId)).status).toBe('expired');

      const again = await openSse(`${service.url}/v1/players/me/stream`, anna.auth);
      try {
        const all = () => again.messages.filter((m) => m.event === 'seekEnded' || m.event === 'gameStart');
        await again.until(() => all().length >= 4, 2000);
        const said = all().map((m) => JSON.parse(m.data!));
        expect(said.filter((e) => e.type === 'seekEnded')).toEqual([
          { type: 'seekEnded', seekId: withdrawn.seekId, reason: 'withdrawn' },
          { type: 'seekEnded', seekId: whileConnected.seekId, reason: 'disconnected' },
          { type: 'seekEnded', seekId: old.seekId, reason: 'expired' },
        ]);
        expect(said.filter((e) => e.type === 'gameStart')).toHaveLength(1);
        expect(JSON.stringify(said)).not.toContain(pairedSeek.seekId);
      } finally {
        again.close();
      }
    } finally {
      listening.close();
    }
  });
});
