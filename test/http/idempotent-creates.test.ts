// The create calls with an Idempotency-Key: a repeat by the same caller with the same key and body
// gets the first answer (status, body, Location) and makes nothing new; the same key with another
// body is refused as a move's is; keys are per caller and per operation, and are forgotten after
// their time; a create whose answer was never kept is found by the id its key holds, and one that
// never committed is made with that id as soon as the try that took the key is gone (it holds the
// key's lock no more: its process died, its database session ended), while a try still at work
// keeps repeats waiting. And the client module: a keyed create retried after a 503 ends with one game.
import { and, eq, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, isApiError } from '@offiziersskat/client';
import { players } from '../../src/accounts/tables.ts';
import { games } from '../../src/games/tables.ts';
import { matches } from '../../src/matches/tables.ts';
import { openDatabase } from '../../src/platform/db/client.ts';
import { keyLockName } from '../../src/platform/db/create-answers.ts';
import { lockKeys } from '../../src/platform/db/key-locks.ts';
import { createAnswers } from '../../src/platform/db/tables.ts';
import { createScratchDatabase, testDriver } from '../support/db.ts';
import { expectProblem } from '../support/problems.ts';
import { account, tomorrow } from '../support/tournaments.ts';
import { Client, startTestService, type TestPlayer, type TestService } from '../support/service.ts';

let service: TestService;
let client: Client;
beforeAll(async () => {
  service = await startTestService();
  client = new Client(service.http);
});
afterAll(() => service?.close());

const key = () => `create-${crypto.randomUUID()}`;
const countOf = async (rows: Promise<{ n: number }[]>) => Number((await rows)[0]?.n ?? 0);
const playersNamed = (name: string) => countOf(service.database.db.select({ n: sql<number>`count(*)` }).from(players).where(eq(players.name, name)));
const gamesOf = (p: TestPlayer) => countOf(service.database.db.select({ n: sql<number>`count(*)` }).from(games).where(eq(games.forehandPlayerId, p.playerId)));
const matchesOf = (p: TestPlayer) => countOf(service.database.db.select({ n: sql<number>`count(*)` }).from(matches).where(eq(matches.creatorPlayerId, p.playerId)));

describe('POST /v1/players with an Idempotency-Key', () => {
  it('makes one player: a repeat gets the same player, Location and status, with a fresh token', async () => {
    const name = `Idem${crypto.randomUUID().slice(0, 8)}`;
    const k = key();
    const first = await service.http.post('/v1/players').set('Idempotency-Key', k).send({ name }).expect(201);
    const again = await service.http.post('/v1/players').set('Idempotency-Key', k).send({ name }).expect(201);
    expect(again.headers.location).toBe(first.headers.location);
    expect(again.body.playerId).toBe(first.body.playerId);
    expect(again.body.name).toBe(name);
    // The service keeps no token: the repeat's is a new one, for the same player.
    expect(again.body.tokenId).not.toBe(first.body.tokenId);
    const me = await service.http.get('/v1/players/me').set('Authorization', `Bearer ${again.body.token}`).expect(200);
    expect(me.body.playerId).toBe(first.body.playerId);
    const kept = await service.database.db.select().from(createAnswers).where(eq(createAnswers.key, k));
    expect(kept).toHaveLength(1);
    expect(kept[0].body).not.toContain(first.body.token);
    expect(await playersNamed(name)).toBe(1);
  });

  it('brings no token back once the guest signed out everywhere or became an account (409 NOT_A_GUEST)', async () => {
    for (const change of ['signed out everywhere', 'claimed'] as const) {
      const name = `Idem${crypto.randomUUID().slice(0, 8)}`;
      const k = key();
      const first = await service.http.post('/v1/players').set('Idempotency-Key', k).send({ name }).expect(201);
      const auth = { Authorization: `Bearer ${first.body.token}` };
      if (change === 'signed out everywhere') await service.http.delete('/v1/players/me/tokens').set(auth).expect(204);
      else await service.http.post('/v1/players/me/account').set(auth).send({ username: name.toLowerCase(), password: 'a long and unusual passphrase 7' }).expect(201);
      expectProblem(await service.http.post('/v1/players').set('Idempotency-Key', k).send({ name }), 409, 'NOT_A_GUEST');
    }
  });

  it('refuses the same key with another body (422 IDEMPOTENCY_KEY_REUSED) and makes nothing', async () => {
    const name = `Idem${crypto.randomUUID().slice(0, 8)}`;
    const k = key();
    await service.http.post('/v1/players').set('Idempotency-Key', k).send({ name }).expect(201);
    const problem = expectProblem(await service.http.post('/v1/players').set('Idempotency-Key', k).send({ name: `${name}x` }), 422, 'IDEMPOTENCY_KEY_REUSED');
    expect(problem.detail).toBe('this Idempotency-Key was used with another request');
    expect(await playersNamed(`${name}x`)).toBe(0);
  });
});

describe('POST /v1/games with an Idempotency-Key', () => {
  it('makes one game: a repeat gets the first answer byte for byte, with its Location', async () => {
    const anna = await client.player('Anna');
    const k = key();
    const first = await service.http.post('/v1/games').set(anna.auth).set('Idempotency-Key', k).send({ seat: 'forehand' }).expect(201);
    const again = await service.http.post('/v1/games').set(anna.auth).set('Idempotency-Key', k).send({ seat: 'forehand' }).expect(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.location).toBe(`/v1/games/${first.body.id}`);
    expect(await gamesOf(anna)).toBe(1);
  });

  it('makes one game of two requests sent at once with one key', async () => {
    const anna = await client.player('Anna');
    const k = key();
    const send = () => service.http.post('/v1/games').set(anna.auth).set('Idempotency-Key', k).send({ seat: 'forehand', variant: 'bidding' });
    const answers = await Promise.all([send(), send(), send()]);
    for (const a of answers) expect(a.status, a.text).toBe(201);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await gamesOf(anna)).toBe(1);
  });

  it('refuses the same key with another body, as a move is refused, and makes nothing', async () => {
    const anna = await client.player('Anna');
    const k = key();
    await service.http.post('/v1/games').set(anna.auth).set('Idempotency-Key', k).send({ seat: 'forehand' }).expect(201);
    const problem = expectProblem(await service.http.post('/v1/games').set(anna.auth).set('Idempotency-Key', k).send({ seat: 'forehand', variant: 'bidding' }), 422, 'IDEMPOTENCY_KEY_REUSED');
    expect(problem.detail).toBe('this Idempotency-Key was used with another request');
    expect(await gamesOf(anna)).toBe(1);
  });

  it('keeps keys per caller and per operation; without a key every call creates', async () => {
    const [anna, bert] = [await client.player('Anna'), await client.player('Bert')];
    const k = key();
    const a = await service.http.post('/v1/games').set(anna.auth).set('Idempotency-Key', k).send({ seat: 'forehand' }).expect(201);
    const b = await service.http.post('/v1/games').set(bert.auth).set('Idempotency-Key', k).send({ seat: 'forehand' }).expect(201);
    expect(b.body.id).not.toBe(a.body.id);
    await service.http.post('/v1/matches').set(anna.auth).set('Idempotency-Key', k).send({ games: 2 }).expect(201);
    await service.http.post('/v1/games').set(anna.auth).send({ seat: 'forehand' }).expect(201);
    await service.http.post('/v1/games').set(anna.auth).send({ seat: 'forehand' }).expect(201);
    expect(await gamesOf(anna)).toBe(3);
  });

  it('lets a refused create be sent again with its key: a refusal is not kept', async () => {
    const anna = await client.player('Anna');
    const k = key();
    const send = (opponent: string) => service.http.post('/v1/games').set(anna.auth).set('Idempotency-Key', k).send({ seat: 'forehand', opponent });
    expectProblem(await send(anna.playerId), 422, 'INVALID_OPPONENT');
    const bert = await client.player('Bert');
    // Another body after a refusal: nothing was kept under the key, so it runs.
    await send(bert.playerId).then((r) => expect(r.status, r.text).toBe(201));
    expect(await gamesOf(anna)).toBe(1);
  });

  it('forgets a key after its time (the sweeper): a repeat then creates again', async () => {
    const anna = await client.player('Anna');
    const k = key();
    await service.http.post('/v1/games').set(anna.auth).set('Idempotency-Key', k).send({ seat: 'forehand' }).expect(201);
    await service.database.db
      .update(createAnswers)
      .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(and(eq(createAnswers.caller, `player:${anna.playerId}`), eq(createAnswers.key, k)));
    const outcome = await service.parts.sweeper.sweep();
    expect(outcome.ended.answers).toBeGreaterThanOrEqual(1);
    expect(await service.database.db.select().from(createAnswers).where(eq(createAnswers.key, k))).toEqual([]);
    await service.http.post('/v1/games').set(anna.auth).set('Idempotency-Key', k).send({ seat: 'forehand' }).expect(201);
    expect(await gamesOf(anna)).toBe(2);
  });
});

describe('POST /v1/matches with an Idempotency-Key', () => {
  it('makes one match: a repeat gets the first answer and Location; another body is refused', async () => {
    const anna = await client.player('Anna');
    const k = key();
    const first = await service.http.post('/v1/matches').set(anna.auth).set('Idempotency-Key', k).send({ games: 4 }).expect(201);
    const again = await service.http.post('/v1/matches').set(anna.auth).set('Idempotency-Key', k).send({ games: 4 }).expect(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.location).toBe(first.headers.location);
    expectProblem(await service.http.post('/v1/matches').set(anna.auth).set('Idempotency-Key', k).send({ games: 6 }), 422, 'IDEMPOTENCY_KEY_REUSED');
    expect(await matchesOf(anna)).toBe(1);
  });
});

describe('a key whose create committed but whose answer was never kept (the database went away in between)', () => {
  // What such a create leaves: the key under way, with the id the create gave what it made.
  const forgetAnswer = (k: string) =>
    service.database.db.update(createAnswers).set({ status: 0, body: null, location: null }).where(eq(createAnswers.key, k)).returning({ resourceId: createAnswers.resourceId });
  const cases: Array<{ what: string; path: string; body: Record<string, unknown>; account?: boolean; idOf: (body: any) => string }> = [
    { what: 'a game', path: '/v1/games', body: { seat: 'forehand' }, idOf: (b) => b.id },
    { what: 'a match', path: '/v1/matches', body: { games: 2 }, idOf: (b) => b.id },
    { what: 'a seek', path: '/v1/seeks', body: { variant: 'halfOpen', turnSeconds: 7777 }, idOf: (b) => b.seekId },
    { what: 'a tournament', path: '/v1/tournaments', body: tomorrow({ system: 'arena', minutes: 20 }), account: true, idOf: (b) => b.id },
  ];

  for (const { what, path, body, account: needsAccount, idOf } of cases) {
    it(`answers a repeat with ${what} made the first time, at once, and makes nothing new`, async () => {
      const anna = needsAccount ? await account(service.http, `Idem${crypto.randomUUID().slice(0, 6)}`) : await client.player('Anna');
      const k = key();
      const first = await service.http.post(path).set(anna.auth).set('Idempotency-Key', k).send(body).expect(201);
      const [row] = await forgetAnswer(k);
      expect(row?.resourceId).toBe(idOf(first.body));
      const started = Date.now();
      const again = await service.http.post(path).set(anna.auth).set('Idempotency-Key', k).send(body);
      expect(again.status, again.text).toBe(201);
      // Not after the 2 s a repeat waits for a create still under way: what was made was found.
      expect(Date.now() - started).toBeLessThan(1_500);
      expect(idOf(again.body)).toBe(idOf(first.body));
      expect(again.headers.location).toBe(first.headers.location);
      // The answer is kept now: the next repeat gets it as it was kept.
      const third = await service.http.post(path).set(anna.auth).set('Idempotency-Key', k).send(body).expect(201);
      expect(third.text).toBe(again.text);
    });
  }

  it('answers a repeat of a keyed sign-up with the player made, and a fresh token for it', async () => {
    const name = `Idem${crypto.randomUUID().slice(0, 8)}`;
    const k = key();
    const first = await service.http.post('/v1/players').set('Idempotency-Key', k).send({ name }).expect(201);
    const [row] = await forgetAnswer(k);
    expect(row?.resourceId).toBe(first.body.playerId);
    const again = await service.http.post('/v1/players').set('Idempotency-Key', k).send({ name }).expect(201);
    expect(again.body.playerId).toBe(first.body.playerId);
    expect(again.body.token).not.toBe(first.body.token);
    await service.http.get('/v1/players/me').set('Authorization', `Bearer ${again.body.token}`).expect(200);
    expect(await playersNamed(name)).toBe(1);
  });

  it('makes it at once, with the same id, when the try that left the key under way is gone and made nothing', async () => {
    const anna = await client.player('Anna');
    const k = key();
    const send = () => service.http.post('/v1/games').set(anna.auth).set('Idempotency-Key', k).send({ seat: 'forehand' });
    const row = await underWayAndUnmade(anna, await send().expect(201));
    // Nobody holds the key: its try is gone (as a process killed, or a database crashed, mid-create leaves it).
    const again = await send();
    expect(again.status, again.text).toBe(201);
    expect(again.body.id).toBe(row.resourceId);
    expect(await gamesOf(anna)).toBe(1);
  });

  it('keeps a repeat waiting while the try under way holds the key, then 409 IDEMPOTENCY_KEY_IN_USE with Retry-After', async () => {
    const anna = await client.player('Anna');
    const k = key();
    const send = () => service.http.post('/v1/games').set(anna.auth).set('Idempotency-Key', k).send({ seat: 'forehand' });
    const row = await underWayAndUnmade(anna, await send().expect(201));
    // A request of this process at work on the key holds it.
    const letGo = await service.database.keyLocks.tryHold(keyLockName({ caller: `player:${anna.playerId}`, operation: 'createGame', key: k }));
    expect(letGo).not.toBeNull();
    const refused = await send();
    expectProblem(refused, 409, 'IDEMPOTENCY_KEY_IN_USE');
    expect(refused.headers['retry-after']).toBeDefined();
    await letGo?.();
    const again = await send();
    expect(again.status, again.text).toBe(201);
    expect(again.body.id).toBe(row.resourceId);
    expect(await gamesOf(anna)).toBe(1);
  });
});

/** What a try that took the key and died before its create committed leaves: the key under way, nothing made. */
async function underWayAndUnmade(owner: TestPlayer, made: { body: { id: string } }, { database } = service) {
  const [row] = await database.db
    .update(createAnswers)
    .set({ status: 0, body: null, location: null })
    .where(and(eq(createAnswers.caller, `player:${owner.playerId}`), eq(createAnswers.resourceId, made.body.id)))
    .returning();
  await database.db.execute(sql`delete from game_events where game_id = ${made.body.id}`);
  await database.db.delete(games).where(eq(games.id, made.body.id));
  expect(row?.resourceId).toBe(made.body.id);
  return row as typeof createAnswers.$inferSelect;
}

describe.runIf(testDriver === 'postgres')('keyed creates on two processes of one database', () => {
  // Two services on a scratch database, each with its own connections (its key session too), as
  // two processes; and a direct session standing for a third process's try.
  let own: TestService;
  let second: TestService;
  let holder: postgres.Sql;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const scratch = await createScratchDatabase({ migrated: true });
    const databases = [await openDatabase(scratch.url, { poolSize: 4, ...scratch.options }), await openDatabase(scratch.url, { poolSize: 4, ...scratch.options })];
    own = await startTestService({ database: databases[0] });
    second = await startTestService({ database: databases[1] });
    holder = postgres(scratch.options.sessionUrl ?? scratch.url, { max: 1, onnotice: () => {} });
    close = async () => {
      await holder.end({ timeout: 1 });
      await own.close();
      await second.close();
      for (const d of databases) await d.close();
      await scratch.drop();
    };
  });

  it('make one game of requests with one key sent at once to both', async () => {
    const anna = await new Client(own.http).player('Anna');
    const k = key();
    const send = (s: TestService) => s.http.post('/v1/games').set(anna.auth).set('Idempotency-Key', k).send({ seat: 'forehand' });
    const answers = await Promise.all([send(own), send(second), send(own), send(second)]);
    for (const a of answers) expect(a.status, a.text).toBe(201);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    const [{ n }] = await own.database.query<{ n: number }>('select count(*)::int as n from games where forehand_player_id = $1', [anna.playerId]);
    expect(n).toBe(1);
  });
  afterAll(() => close?.());

  it('refuses repeats while that process’s session holds the key, and makes it at once when the session ends', async () => {
    const anna = await new Client(own.http).player('Anna');
    const k = key();
    const send = () => own.http.post('/v1/games').set(anna.auth).set('Idempotency-Key', k).send({ seat: 'forehand' });
    const row = await underWayAndUnmade(anna, await send().expect(201), own);
    // The other process's try at work: its session holds the key's lock.
    const [a, b] = lockKeys(keyLockName({ caller: `player:${anna.playerId}`, operation: 'createGame', key: k }));
    const [{ pid, locked }] = await holder<{ pid: number; locked: boolean }[]>`select pg_backend_pid() as pid, pg_try_advisory_lock(${a}::int, ${b}::int) as locked`;
    expect(locked).toBe(true);
    expectProblem(await send(), 409, 'IDEMPOTENCY_KEY_IN_USE');
    // Its session ends, as when its process is killed or its database server goes away.
    await own.database.query('select pg_terminate_backend($1)', [pid]);
    const again = await send();
    expect(again.status, again.text).toBe(201);
    expect(again.body.id).toBe(row.resourceId);
    const [{ n }] = await own.database.query<{ n: number }>('select count(*)::int as n from games where forehand_player_id = $1', [anna.playerId]);
    expect(n).toBe(1);
  });
});

describe('the client module', () => {
  /** A transport whose first POST to `path` reaches the service, but whose answer is lost: a 503 comes back. */
  const losingFirstAnswer = (path: string) => {
    const sent: (string | null)[] = [];
    let lost = false;
    const fetch = async (request: Request) => {
      const response = await globalThis.fetch(request);
      if (request.method !== 'POST' || new URL(request.url).pathname !== path) return response;
      sent.push(request.headers.get('idempotency-key'));
      if (lost) return response;
      lost = true;
      await response.body?.cancel();
      return new Response(JSON.stringify({ type: 'about:blank', title: 'Service Unavailable', status: 503, code: 'DATABASE_UNAVAILABLE', detail: 'lost' }), {
        status: 503,
        headers: { 'content-type': 'application/problem+json', 'retry-after': '0' },
      });
    };
    return { fetch, sent };
  };

  it('retries a create after a 503 with its key, and ends with one game', async () => {
    const anna = await client.player('Anna');
    const transport = losingFirstAnswer('/v1/games');
    const sdk = createClient({ baseUrl: service.url, token: anna.token, fetch: transport.fetch });
    const view = await sdk.createGame({ seat: 'forehand' });
    expect(transport.sent).toHaveLength(2);
    expect(transport.sent[0]).toBeTruthy();
    expect(transport.sent[1]).toBe(transport.sent[0]);
    expect(await gamesOf(anna)).toBe(1);
    expect((await sdk.getGame(view.id)).id).toBe(view.id);
  });

  it('retries a keyed sign-up and a keyed match the same way: one player, one match', async () => {
    const name = `Idem${crypto.randomUUID().slice(0, 8)}`;
    const signUp = losingFirstAnswer('/v1/players');
    const player = await createClient({ baseUrl: service.url, fetch: signUp.fetch }).createPlayer(name);
    expect(signUp.sent).toHaveLength(2);
    expect(await playersNamed(name)).toBe(1);

    const open = losingFirstAnswer('/v1/matches');
    await createClient({ baseUrl: service.url, token: player.token, fetch: open.fetch }).createMatch({ games: 2 });
    expect(open.sent).toHaveLength(2);
    expect(await matchesOf({ playerId: player.playerId } as TestPlayer)).toBe(1);
  });

  it('does not retry a create sent without a key: the 503 goes to the caller', async () => {
    const anna = await client.player('Anna');
    const transport = losingFirstAnswer('/v1/games');
    const sdk = createClient({ baseUrl: service.url, token: anna.token, fetch: transport.fetch, idempotencyKeys: false });
    const refused = await sdk.createGame({ seat: 'forehand' }).catch((e: unknown) => e);
    expect(isApiError(refused) && refused.status).toBe(503);
    expect(transport.sent).toEqual([null]);
  });
});
