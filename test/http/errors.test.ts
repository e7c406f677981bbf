// Every error the service answers, through HTTP: each is RFC 9457 problem+json with a stable
// code, and each changes nothing (same version, same view, same event log before and after).
// Then garbage at every route: no client mistake is ever a 500.
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenService } from '../../src/platform/auth/tokens.ts';
import { expectProblem, ownCards, playUntil, snapshot } from '../support/problems.ts';
import { Client, rng, startTestService, type TestPlayer, type TestService } from '../support/service.ts';

let service: TestService;
let client: Client;
/** Every access-log line and every error-log line of this file's service. */
const accessLog: Record<string, unknown>[] = [];
const errorLog: Record<string, unknown>[] = [];

beforeAll(async () => {
  service = await startTestService({ log: { info: (f) => accessLog.push(f), error: (f) => errorLog.push(f) } });
  client = new Client(service.http);
});
afterAll(() => service?.close());

const SEED = 'c0ffee'.repeat(10) + 'c0de';
const http = () => service.http;

/** Runs `act` and checks that neither seat nor a spectator can see any difference afterwards. */
async function changesNothing(game: { gameId: string; forehand: TestPlayer; dealer: TestPlayer }, act: () => Promise<unknown>) {
  const look = () =>
    Promise.all([
      snapshot(http(), game.gameId, game.forehand),
      snapshot(http(), game.gameId, game.dealer),
      snapshot(http(), game.gameId),
    ]);
  const before = await look();
  await act();
  const after = await look();
  expect(after.map((s) => s.version)).toEqual(before.map((s) => s.version));
  expect(after).toEqual(before);
}

const rawJson = (path: string, p: TestPlayer | null, body: string, type = 'application/json') => {
  const r = http().post(path).set('Content-Type', type);
  return (p ? r.set(p.auth) : r).send(body);
};

describe('malformed requests', () => {
  it('malformed JSON → 400 MALFORMED_JSON', async () => {
    const game = await client.startedGame({ seed: SEED });
    await changesNothing(game, async () => {
      for (const body of ['{"move":', '{', "{'move': {'type': 'resign'}}", '{"move":{"type":"resign"}}}', 'nul', '{"move":{"type":"resign",}}']) {
        expectProblem(await rawJson(`/v1/games/${game.gameId}/moves`, game.forehand, body), 400, 'MALFORMED_JSON');
      }
      expectProblem(await rawJson('/v1/players', null, '{"name":"Anna"'), 400, 'MALFORMED_JSON');
      expectProblem(await rawJson('/v1/games', game.forehand, '{"variant":'), 400, 'MALFORMED_JSON');
    });
  });

  const moveCases: [string, unknown, string[]][] = [
    ['wrong types', { move: { type: 'cut', at: 'x' }, expectedVersion: '3' }, ['move.at', 'expectedVersion']],
    ['an unknown field in the body', { move: { type: 'resign' }, extra: 1 }, ['extra']],
    ['unknown fields in a move', { move: { type: 'resign', foo: 1, bar: 2 } }, ['move.foo', 'move.bar']],
    ['an unknown move type', { move: { type: 'fly' } }, ['move.type']],
    ['a move without a type', { move: { card: 'CJ' } }, ['move.type']],
    ['a bad card string', { move: { type: 'play', card: 'ZZ' } }, ['move.card']],
    ['a lower-case card', { move: { type: 'play', card: 'cj' } }, ['move.card']],
    ['a bad card in a list', { move: { type: 'discard', cards: ['SA', 7] } }, ['move.cards.1']],
    ['a fractional bid', { move: { type: 'bid', value: 18.5 } }, ['move.value']],
    ['a negative expectedVersion', { move: { type: 'resign' }, expectedVersion: -1 }, ['expectedVersion']],
    ['a huge expectedVersion', { move: { type: 'resign' }, expectedVersion: 1e300 }, ['expectedVersion']],
    ['no move', {}, ['move']],
    ['a null move', { move: null }, ['move']],
    ['a body that is no object', [1, 2], ['(body)']],
  ];
  it.each(moveCases)('%s → 400 VALIDATION_FAILED naming the fields', async (_name, body, fields) => {
    const game = await client.startedGame({ seed: SEED });
    await changesNothing(game, async () => {
      const res = await rawJson(`/v1/games/${game.gameId}/moves`, game.forehand, JSON.stringify(body));
      const problem = expectProblem(res, 400, 'VALIDATION_FAILED');
      // A field past two bounds (a huge integer: the safe range and its own maximum) is named once a bound.
      expect([...new Set(problem.errors.map((e: { path: string }) => e.path))].sort()).toEqual([...fields].sort());
      for (const e of problem.errors) expect(typeof e.message).toBe('string');
    });
  });

  it('schema violations on create and on players name their fields', async () => {
    const p = await client.player('Anna');
    const game = await client.createGame(p, {});
    const cases: [string, TestPlayer | null, unknown, string[]][] = [
      ['/v1/games', p, { variant: 'poker', seat: 3, bogus: true }, ['variant', 'seat', 'bogus']],
      ['/v1/games', p, { seed: 'xyz', kontra: 'yes' }, ['seed', 'kontra']],
      ['/v1/players', null, {}, ['name']],
      ['/v1/players', null, { name: '' }, ['name']],
      ['/v1/players', null, { name: 'x'.repeat(41) }, ['name']],
      ['/v1/players', null, { name: 'Anna', admin: true }, ['admin']],
    ];
    const lobby = await http().get('/v1/games').expect(200);
    for (const [path, who, body, fields] of cases) {
      const problem = expectProblem(await rawJson(path, who, JSON.stringify(body)), 400, 'VALIDATION_FAILED');
      expect([...new Set(problem.errors.map((e: { path: string }) => e.path))].sort(), path).toEqual([...fields].sort());
    }
    expect((await http().get('/v1/games').expect(200)).body).toEqual(lobby.body);
    expect((await client.view(game.id, p).expect(200)).body).toEqual(game);
  });

  it('a body that is not JSON → 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const game = await client.startedGame({ seed: SEED });
    await changesNothing(game, async () => {
      const move = JSON.stringify({ move: { type: 'resign' } });
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=x', 'json']) {
        expectProblem(await rawJson(`/v1/games/${game.gameId}/moves`, game.forehand, move, type), 415, 'UNSUPPORTED_MEDIA_TYPE');
      }
      expectProblem(await rawJson('/v1/players', null, '{"name":"Anna"}', 'text/plain'), 415, 'UNSUPPORTED_MEDIA_TYPE');
      expectProblem(await rawJson('/v1/games', game.forehand, '{}', 'text/plain'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    });
  });

  it('a body over 16 KiB → 413 PAYLOAD_TOO_LARGE, with a length or chunked', async () => {
    const game = await client.startedGame({ seed: SEED });
    const big = JSON.stringify({ move: { type: 'resign' }, pad: 'x'.repeat(17 * 1024) });
    await changesNothing(game, async () => {
      expectProblem(await rawJson(`/v1/games/${game.gameId}/moves`, game.forehand, big), 413, 'PAYLOAD_TOO_LARGE');
      expectProblem(await rawJson('/v1/players', null, JSON.stringify({ name: 'x'.repeat(20_000) })), 413, 'PAYLOAD_TOO_LARGE');
      // Without Content-Length: the limit counts what arrives.
      const chunked = await new Promise<{ status: number; headers: Record<string, string>; text: string; body: unknown }>((resolve, reject) => {
        const req = httpRequest(`${service.url}/v1/games/${game.gameId}/moves`, {
          method: 'POST',
          headers: { ...game.forehand.auth, 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
        });
        req.on('response', (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers as Record<string, string>, text, body: JSON.parse(text) }));
        });
        req.on('error', reject);
        for (let i = 0; i < big.length; i += 1024) req.write(big.slice(i, i + 1024));
        req.end();
      });
      expectProblem(chunked, 413, 'PAYLOAD_TOO_LARGE');
    });
  });

  it('a body that arrives in pieces is read whole: chunked, or with a length, a piece at a time', async () => {
    const send = (gameId: string, auth: Record<string, string>, body: string, chunked: boolean) =>
      new Promise<{ status: number; body: { version?: number } }>((resolve, reject) => {
        const req = httpRequest(`${service.url}/v1/games/${gameId}/moves`, {
          method: 'POST',
          headers: { ...auth, 'Content-Type': 'application/json', ...(chunked ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': String(Buffer.byteLength(body)) }) },
        });
        req.on('response', (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
        });
        req.on('error', reject);
        // A few bytes now, the rest a moment later: two reads on the server.
        req.write(body.slice(0, 5));
        setTimeout(() => req.end(body.slice(5)), 30);
      });
    for (const chunked of [true, false]) {
      const game = await client.startedGame({ seed: SEED });
      const moved = await send(game.gameId, game.forehand.auth, JSON.stringify({ move: { type: 'cut', at: 10 }, expectedVersion: 2 }), chunked);
      expect(moved.status).toBe(200);
      expect(moved.body.version).toBeGreaterThan(2);
    }
  });

  it('a client gone in the middle of its body: its request ends (400), nothing is logged, nothing changes', async () => {
    const game = await client.startedGame({ seed: SEED });
    const errorsBefore = errorLog.length;
    const movesPath = `/v1/games/${game.gameId}/moves`;
    const answered = () => accessLog.filter((l) => l.path === movesPath);
    await changesNothing(game, async () => {
      for (const chunked of [true, false]) {
        await new Promise<void>((resolve) => {
          const req = httpRequest(`${service.url}/v1/games/${game.gameId}/moves`, {
            method: 'POST',
            headers: { ...game.forehand.auth, 'Content-Type': 'application/json', ...(chunked ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': '100' }) },
          });
          req.on('error', () => resolve());
          req.write('{"move":{"type":');
          setTimeout(() => {
            req.destroy();
            resolve();
          }, 50);
        });
      }
      await new Promise((r) => setTimeout(r, 200));
    });
    expect(errorLog.slice(errorsBefore)).toEqual([]);
    // Both requests were finished (their access lines), none left waiting for the rest of a body.
    expect(answered().map((l) => l.status)).toEqual([400, 400]);
  });

  it('an unknown route → 404 NOT_FOUND', async () => {
    const game = await client.startedGame({ seed: SEED });
    await changesNothing(game, async () => {
      expectProblem(await http().get('/v1/nope'), 404, 'NOT_FOUND');
      expectProblem(await http().get('/nope'), 404, 'NOT_FOUND');
      expectProblem(await http().post(`/v1/games/${game.gameId}/undo`).set(game.forehand.auth).send({}), 404, 'NOT_FOUND');
    });
  });

  it('a known path with a method it does not take → 405 METHOD_NOT_ALLOWED with Allow', async () => {
    const game = await client.startedGame({ seed: SEED });
    await changesNothing(game, async () => {
      const put = await http().put(`/v1/games/${game.gameId}/moves`).set(game.forehand.auth).send({ move: { type: 'resign' } });
      expectProblem(put, 405, 'METHOD_NOT_ALLOWED');
      expect(put.headers.allow).toBe('OPTIONS, POST');
      const patch = await http().patch(`/v1/games/${game.gameId}`).set(game.forehand.auth).send({});
      expectProblem(patch, 405, 'METHOD_NOT_ALLOWED');
      expect(patch.headers.allow).toBe('DELETE, GET, HEAD, OPTIONS');
      expectProblem(await http().post('/healthz').send({}), 405, 'METHOD_NOT_ALLOWED');
      // Calling off a game that has begun changes nothing either.
      expectProblem(await http().delete(`/v1/games/${game.gameId}`).set(game.forehand.auth), 422, 'GAME_STARTED');
    });
  });

  it('an unknown game → 404 GAME_NOT_FOUND on every game route', async () => {
    const p = await client.player();
    const id = crypto.randomUUID();
    expectProblem(await http().get(`/v1/games/${id}`), 404, 'GAME_NOT_FOUND');
    expectProblem(await http().get(`/v1/games/${id}`).set(p.auth), 404, 'GAME_NOT_FOUND');
    expectProblem(await http().get(`/v1/games/${id}/events`), 404, 'GAME_NOT_FOUND');
    expectProblem(await http().get(`/v1/games/${id}/record`), 404, 'GAME_NOT_FOUND');
    expectProblem(await http().post(`/v1/games/${id}/join`).set(p.auth), 404, 'GAME_NOT_FOUND');
    expectProblem(await client.move(id, p, { type: 'resign' }), 404, 'GAME_NOT_FOUND');
    expectProblem(await client.move(id, p, { type: 'resign' }).set('Idempotency-Key', 'k-unknown'), 404, 'GAME_NOT_FOUND');
    expect((await http().get(`/v1/games/${id}`)).status).toBe(404);
  });

  it('the record of a running game → 404 RECORD_NOT_AVAILABLE', async () => {
    const game = await client.startedGame({ seed: SEED });
    await changesNothing(game, async () => {
      expectProblem(await http().get(`/v1/games/${game.gameId}/record`), 404, 'RECORD_NOT_AVAILABLE');
    });
  });
});

describe('tokens', () => {
  /** A token service over this service's own key, with a clock and claims of the test's choosing. */
  async function minter(overrides: { now?: () => Date; audience?: string; issuer?: string } = {}) {
    const key = await service.parts.signingKeys.current(async () => {
      throw new Error('the service has a key already');
    });
    const { jwt } = service.deps.config;
    return new TokenService({ key, issuer: overrides.issuer ?? jwt.issuer, audience: overrides.audience ?? jwt.audience, ttlSeconds: 60, now: overrides.now });
  }

  it('no token where one is needed → 401 INVALID_TOKEN with WWW-Authenticate', async () => {
    const game = await client.startedGame({ seed: SEED });
    await changesNothing(game, async () => {
      expectProblem(await http().post(`/v1/games/${game.gameId}/moves`).send({ move: { type: 'resign' } }), 401, 'INVALID_TOKEN');
      expectProblem(await http().post(`/v1/games/${game.gameId}/join`), 401, 'INVALID_TOKEN');
      expectProblem(await http().post('/v1/games').send({}), 401, 'INVALID_TOKEN');
    });
  });

  it('malformed, forged, foreign and expired tokens → 401, even on reads', async () => {
    const game = await client.startedGame({ seed: SEED });
    const [head, payload, signature] = game.forehand.token.split('.');
    const flipped = signature.slice(0, 10) + (signature[10] === 'A' ? 'B' : 'A') + signature.slice(11);
    const b64 = (x: unknown) => Buffer.from(JSON.stringify(x)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const expired = (await (await minter({ now: () => new Date(Date.now() - 3600_000) })).issue(game.forehand.playerId)).token;
    const headers: [string, string][] = [
      ['Bearer', 'INVALID_TOKEN'],
      ['Bearer ', 'INVALID_TOKEN'],
      ['Basic dXNlcjpwdw==', 'INVALID_TOKEN'],
      ['Bearer not-a-jwt', 'INVALID_TOKEN'],
      ['Bearer a.b.c', 'INVALID_TOKEN'],
      [`Bearer ${game.forehand.token} extra`, 'INVALID_TOKEN'],
      [`Bearer ${head}.${payload}.${flipped}`, 'INVALID_TOKEN'],
      [`Bearer ${head}.${payload}.`, 'INVALID_TOKEN'],
      // alg "none" and a foreign HS256 token claiming our issuer.
      [`Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`, 'INVALID_TOKEN'],
      [`Bearer ${b64({ alg: 'HS256', typ: 'JWT' })}.${payload}.${'A'.repeat(43)}`, 'INVALID_TOKEN'],
      [`Bearer ${head}.${b64({ sub: game.forehand.playerId, iss: 'offiziersskat', aud: 'offiziersskat', exp: now + 600 })}.${signature}`, 'INVALID_TOKEN'],
      [`Bearer ${(await (await minter()).issue(crypto.randomUUID())).token}`, 'INVALID_TOKEN'],
      [`Bearer ${(await (await minter({ audience: 'someone-else' })).issue(game.forehand.playerId)).token}`, 'INVALID_TOKEN'],
      [`Bearer ${(await (await minter({ issuer: 'https://evil.example' })).issue(game.forehand.playerId)).token}`, 'INVALID_TOKEN'],
      [`Bearer ${expired}`, 'TOKEN_EXPIRED'],
    ];
    await changesNothing(game, async () => {
      for (const [authorization, code] of headers) {
        const move = await http().post(`/v1/games/${game.gameId}/moves`).set('Authorization', authorization).send({ move: { type: 'resign' } });
        expectProblem(move, 401, code);
        // A broken token is never silently downgraded to the spectator view.
        expectProblem(await http().get(`/v1/games/${game.gameId}`).set('Authorization', authorization), 401, code);
        expectProblem(await http().post('/v1/games').set('Authorization', authorization).send({}), 401, code);
      }
    });
    // The detail never echoes the token.
    const res = await http().get(`/v1/games/${game.gameId}`).set('Authorization', `Bearer ${expired}`);
    expect(res.text).not.toContain(expired.split('.')[2]);
  });
});

describe('seats', () => {
  it('a move at a game you do not sit at → 403 NOT_A_PLAYER', async () => {
    const game = await client.startedGame({ seed: SEED });
    const carl = await client.player('Carl');
    await changesNothing(game, async () => {
      expectProblem(await client.move(game.gameId, carl, { type: 'cut', at: 10 }), 403, 'NOT_A_PLAYER');
      expectProblem(await client.move(game.gameId, carl, { type: 'resign' }, { expectedVersion: game.view.version }), 403, 'NOT_A_PLAYER');
    });
  });

  it('a seat reserved for someone else → 403 SEAT_RESERVED; the invited player still gets it', async () => {
    const anna = await client.player('Anna');
    const bert = await client.player('Bert');
    const carl = await client.player('Carl');
    const created = await client.createGame(anna, { opponent: bert.playerId, seat: 'forehand' });
    expect(created.reservedFor).toBe(bert.playerId);
    const before = await snapshot(http(), created.id, anna);
    expectProblem(await http().post(`/v1/games/${created.id}/join`).set(carl.auth), 403, 'SEAT_RESERVED');
    expect(await snapshot(http(), created.id, anna)).toEqual(before);
    const joined = await http().post(`/v1/games/${created.id}/join`).set(bert.auth).expect(200);
    expect(joined.body.players.dealer.playerId).toBe(bert.playerId);
  });

  it('bad opponents → 422 INVALID_OPPONENT, and no game is made', async () => {
    const anna = await client.player('Anna');
    const lobby = (await http().get('/v1/games?limit=100').expect(200)).body;
    expectProblem(await http().post('/v1/games').set(anna.auth).send({ opponent: anna.playerId }), 422, 'INVALID_OPPONENT');
    expectProblem(await http().post('/v1/games').set(anna.auth).send({ opponent: crypto.randomUUID() }), 422, 'INVALID_OPPONENT');
    expect((await http().get('/v1/games?limit=100').expect(200)).body).toEqual(lobby);
  });

  it('joining twice → 409 ALREADY_SEATED; joining a full game → 409 SEAT_TAKEN', async () => {
    const anna = await client.player('Anna');
    const waiting = await client.createGame(anna, {});
    const before = await snapshot(http(), waiting.id, anna);
    expectProblem(await http().post(`/v1/games/${waiting.id}/join`).set(anna.auth), 409, 'ALREADY_SEATED');
    expect(await snapshot(http(), waiting.id, anna)).toEqual(before);

    const game = await client.startedGame({ seed: SEED });
    const carl = await client.player('Carl');
    await changesNothing(game, async () => {
      expectProblem(await http().post(`/v1/games/${game.gameId}/join`).set(game.dealer.auth), 409, 'ALREADY_SEATED');
      expectProblem(await http().post(`/v1/games/${game.gameId}/join`).set(carl.auth), 409, 'SEAT_TAKEN');
    });
  });

  it('a move before the second player joined → 422 GAME_NOT_STARTED', async () => {
    const anna = await client.player('Anna');
    const waiting = await client.createGame(anna, { seat: 'forehand' });
    const before = await snapshot(http(), waiting.id, anna);
    expectProblem(await client.move(waiting.id, anna, { type: 'cut', at: 10 }), 422, 'GAME_NOT_STARTED');
    expectProblem(await client.move(waiting.id, anna, { type: 'resign' }), 422, 'GAME_NOT_STARTED');
    expect(await snapshot(http(), waiting.id, anna)).toEqual(before);
  });
});

describe('moves the rules reject', () => {
  it('not your turn, wrong phase → 422 with the engine code; a cut outside 4..28 → 400 (the schema bounds it)', async () => {
    const game = await client.startedGame({ seed: SEED });
    expect(game.view.toMove).toBe('forehand');
    await changesNothing(game, async () => {
      expectProblem(await client.move(game.gameId, game.dealer, { type: 'cut', at: 10 }), 422, 'NOT_YOUR_TURN');
      expectProblem(await client.move(game.gameId, game.forehand, { type: 'pickUpStock' }), 422, 'WRONG_PHASE');
      expectProblem(await client.move(game.gameId, game.forehand, { type: 'play', card: 'CJ' }), 422, 'WRONG_PHASE');
      expectProblem(await client.move(game.gameId, game.forehand, { type: 'declare', game: 'grand' }), 422, 'WRONG_PHASE');
      for (const at of [0, 3, 29, 32, -5, 1_000_000]) {
        expectProblem(await client.move(game.gameId, game.forehand, { type: 'cut', at }), 400, 'VALIDATION_FAILED');
      }
    });
  });

  it('an illegal declaration → 422 ILLEGAL_GAME', async () => {
    const game = await client.startedGame({ seed: SEED });
    await client.move(game.gameId, game.forehand, { type: 'cut', at: 12 }).expect(200);
    const { body: v } = await client.view(game.gameId).expect(200);
    expect(v.status).toBe('declaring');
    const declarer = game.bySeat[v.toMove as 'forehand' | 'dealer'];
    await changesNothing(game, async () => {
      expectProblem(await client.move(game.gameId, declarer, { type: 'declare', game: 'null' }), 422, 'ILLEGAL_GAME');
      expectProblem(await client.move(game.gameId, declarer, { type: 'declare', game: 'grand', hand: true }), 422, 'ILLEGAL_GAME');
    });
  });

  it('a card you do not hold → 422 ILLEGAL_CARD; not following suit → 422 MUST_FOLLOW_SUIT', async () => {
    let illegal = false;
    let follow = false;
    for (let round = 1; round <= 8 && !(illegal && follow); round++) {
      const game = await client.startedGame({ seed: SEED, variant: round % 2 ? 'classic' : 'halfOpen' });
      const pick = rng(round * 7919);
      // A seat to move in play that holds a card it may not play now.
      const stuck = await playUntil(client, game.gameId, game.bySeat, pick, (v) => {
        if (v.status !== 'playing' || v.trick.length !== 1) return false;
        const legal = new Set(v.legalMoves.map((m: { card: string }) => m.card));
        return ownCards(v).some((c) => !legal.has(c));
      });
      if (!stuck) continue;
      const mover = game.bySeat[stuck.you as 'forehand' | 'dealer'];
      const legal = new Set(stuck.legalMoves.map((m: { card: string }) => m.card));
      const unfollowing = ownCards(stuck).find((c) => !legal.has(c))!;
      const theirs = stuck.table[stuck.you === 'forehand' ? 'dealer' : 'forehand'].stacks.map((s: { open: string | null }) => s.open).find(Boolean);
      await changesNothing(game, async () => {
        expectProblem(await client.move(game.gameId, mover, { type: 'play', card: unfollowing }), 422, 'MUST_FOLLOW_SUIT');
        follow = true;
        if (theirs) {
          expectProblem(await client.move(game.gameId, mover, { type: 'play', card: theirs }, { expectedVersion: stuck.version }), 422, 'ILLEGAL_CARD');
          illegal = true;
        }
        // The card already on the table is nobody's to play again.
        expectProblem(await client.move(game.gameId, mover, { type: 'play', card: stuck.trick[0].card }), 422, 'ILLEGAL_CARD');
      });
    }
    expect(follow).toBe(true);
    expect(illegal).toBe(true);
  });

  it('a move after the end → 422 GAME_FINISHED', async () => {
    const game = await client.startedGame({ seed: SEED });
    await client.move(game.gameId, game.dealer, { type: 'resign' }).expect(200);
    await changesNothing(game, async () => {
      expectProblem(await client.move(game.gameId, game.forehand, { type: 'resign' }), 422, 'GAME_FINISHED');
      expectProblem(await client.move(game.gameId, game.forehand, { type: 'cut', at: 10 }), 422, 'GAME_FINISHED');
    });
  });

  it('a wrong expectedVersion → 409 VERSION_CONFLICT carrying the current view', async () => {
    const game = await client.startedGame({ seed: SEED });
    await client.move(game.gameId, game.forehand, { type: 'cut', at: 9 }).expect(200);
    const current = (await client.view(game.gameId, game.forehand).expect(200)).body;
    await changesNothing(game, async () => {
      for (const expectedVersion of [game.view.version, current.version + 1, 0]) {
        const problem = expectProblem(
          await client.move(game.gameId, game.forehand, { type: 'resign' }, { expectedVersion }),
          409,
          'VERSION_CONFLICT',
        );
        expect(problem.view).toEqual(current);
        expect(problem.version).toBe(current.version);
      }
    });
  });

  it('an Idempotency-Key reused with another body → 422 IDEMPOTENCY_KEY_REUSED', async () => {
    const game = await client.startedGame({ seed: SEED });
    const key = `cut-${crypto.randomUUID()}`;
    await client.move(game.gameId, game.forehand, { type: 'cut', at: 11 }).set('Idempotency-Key', key).expect(200);
    const { body: v } = await client.view(game.gameId).expect(200);
    const declarer = game.bySeat[v.toMove as 'forehand' | 'dealer'];
    await changesNothing(game, async () => {
      expectProblem(await client.move(game.gameId, game.forehand, { type: 'cut', at: 12 }).set('Idempotency-Key', key), 422, 'IDEMPOTENCY_KEY_REUSED');
      expectProblem(
        await client.move(game.gameId, game.forehand, { type: 'cut', at: 11 }, { expectedVersion: game.view.version }).set('Idempotency-Key', key),
        422,
        'IDEMPOTENCY_KEY_REUSED',
      );
      if (declarer === game.forehand) {
        expectProblem(await client.move(game.gameId, declarer, { type: 'declare', game: 'grand' }).set('Idempotency-Key', key), 422, 'IDEMPOTENCY_KEY_REUSED');
      }
      // The same key at another game is another request too.
      const other = await client.startedGame({ seed: SEED });
      const reused = await client.move(other.gameId, game.forehand, { type: 'cut', at: 11 }).set('Idempotency-Key', key);
      expect(reused.status).toBeGreaterThanOrEqual(400);
    });
  });

  it('a bad Idempotency-Key header → 400 VALIDATION_FAILED', async () => {
    const game = await client.startedGame({ seed: SEED });
    await changesNothing(game, async () => {
      const problem = expectProblem(
        await client.move(game.gameId, game.forehand, { type: 'cut', at: 11 }).set('Idempotency-Key', 'k'.repeat(201)),
        400,
        'VALIDATION_FAILED',
      );
      expect(problem.errors.map((e: { path: string }) => e.path)).toEqual(['idempotency-key']);
    });
  });
});

describe('the lobby', () => {
  it('a cursor this service did not hand out → 400 INVALID_CURSOR', async () => {
    const b64 = (x: unknown) => Buffer.from(JSON.stringify(x)).toString('base64url');
    const cursors = [
      'zzz',
      '!!!',
      b64([1, 2]),
      b64(['2026-01-01T00:00:00.000Z']),
      b64(['yesterday', 'x']),
      b64(['2026-01-01T00:00:00.000Z', '']),
      b64(['2026-01-01T00:00:00.000Z', 'a\u0000b']),
      b64(['-271821-04-20T00:00:00.000Z', 'x']),
      b64(['+275760-09-13T00:00:00.000Z', 'x']),
      b64(['0000-01-01T00:00:00.000Z', 'x']),
    ];
    for (const cursor of cursors) expectProblem(await http().get('/v1/games').query({ cursor }), 400, 'INVALID_CURSOR');
  });

  it('a limit out of range, or a bad status → 400 VALIDATION_FAILED', async () => {
    for (const limit of ['0', '101', '-1', 'abc', '1.5', '1e2', '9999999999', '']) {
      const problem = expectProblem(await http().get('/v1/games').query({ limit }), 400, 'VALIDATION_FAILED');
      expect(problem.errors.map((e: { path: string }) => e.path)).toEqual(['limit']);
    }
    const problem = expectProblem(await http().get('/v1/games?status=sleeping'), 400, 'VALIDATION_FAILED');
    expect(problem.errors.map((e: { path: string }) => e.path)).toEqual(['status']);
    await http().get('/v1/games?limit=1').expect(200);
    await http().get('/v1/games?limit=100').expect(200);
  });

  it('bad numbers in reads → 400 VALIDATION_FAILED', async () => {
    const game = await client.startedGame({ seed: SEED });
    for (const q of ['after=-1', 'after=x', 'after=1.5']) expectProblem(await http().get(`/v1/games/${game.gameId}/events?${q}`), 400, 'VALIDATION_FAILED');
    for (const q of ['waitForVersion=-1', 'waitForVersion=soon']) expectProblem(await http().get(`/v1/games/${game.gameId}?${q}`), 400, 'VALIDATION_FAILED');
    expectProblem(await http().get(`/v1/games/${'x'.repeat(65)}`), 400, 'VALIDATION_FAILED');
  });
});

describe('garbage at every route', () => {
  const TYPES = ['cut', 'declare', 'kontra', 're', 'pass', 'bid', 'hold', 'pickUpStock', 'discard', 'play', 'resign'];

  /** Raw bodies a parser or a validator might choke on. */
  const nasty = [
    '',
    ' ',
    'null',
    'true',
    '0',
    '-0',
    '"x"',
    '[]',
    '{}',
    '\uFEFF{}',
    '1e999',
    '-1e999',
    '123456789012345678901234567890',
    '{"move":{"type":"cut","at":1e999}}',
    '{"move":{"type":"cut","at":123456789012345678901234567890}}',
    '{"move":{"type":"cut","at":-0}}',
    '{"move":{"type":"cut","at":4.0000000000000001}}',
    '{"move":{"type":"bid","value":1e308}}',
    '{"move":{"type":"resign"},"expectedVersion":1e308}',
    '{"move":{"type":"resign"},"expectedVersion":2147483648}',
    '['.repeat(5000) + ']'.repeat(5000),
    '{"a":'.repeat(2000) + '1' + '}'.repeat(2000),
    '{"move":' + '['.repeat(3000) + ']'.repeat(3000) + '}',
    '{"__proto__":{"polluted":1}}',
    '{"move":{"type":"resign","__proto__":{"polluted":1}}}',
    '{"move":{"__proto__":{"type":"resign"}}}',
    '{"constructor":{"prototype":{"polluted":1}}}',
    '{"name":"Anna","__proto__":{"polluted":1}}',
    '{"name":"a\\u0000b"}',
    '{"name":"\\ud800"}',
    '{"name":"\\u202e\\u0007"}',
    '{"opponent":"a\\u0000b"}',
    '{"opponent":"__proto__"}',
    '{"seed":"' + 'f'.repeat(64) + '","opponent":"' + 'x'.repeat(200) + '"}',
    '{"move":{"type":"play","card":"\\u0000"}}',
    '{"move":{"type":"discard","cards":[' + '"SA",'.repeat(2000) + '"SA"]}}',
    '{"move":{"type":"declare","game":"toString"}}',
    '{"move":{"type":"constructor"}}',
    '{"move":{"type":"__proto__"}}',
    '{"move":{"type":"hasOwnProperty"}}',
    '{"move":{"type":"cut","at":4},"move":{"type":"resign"}}',
  ];

  /** Random JSON, and random moves of every known type with random fields. */
  const randomBodies = () => {
    const json = fc.sample(fc.jsonValue({ maxDepth: 4, stringUnit: 'binary' }), { seed: 7, numRuns: 60 });
    const moves = fc.sample(
      fc.record({
        move: fc.tuple(fc.constantFrom(...TYPES), fc.dictionary(fc.constantFrom('at', 'game', 'hand', 'value', 'cards', 'card', 'x'), fc.jsonValue({ maxDepth: 2 }))).map(([type, rest]) => ({ ...rest, type })),
        expectedVersion: fc.option(fc.oneof(fc.integer(), fc.double(), fc.string()), { nil: undefined }),
      }),
      { seed: 11, numRuns: 80 },
    );
    return [...nasty, ...json.map((v) => JSON.stringify(v)), ...moves.map((v) => JSON.stringify(v))];
  };

  it('answers every garbage body with a status below 500, and pollutes nothing', async () => {
    const game = await client.startedGame({ seed: SEED });
    const waiting = await client.createGame(game.forehand, {});
    const routes = ['/v1/players', '/v1/games', `/v1/games/${game.gameId}/moves`, `/v1/games/${waiting.id}/moves`, `/v1/games/${waiting.id}/join`];
    const bodies = randomBodies();
    const failures: string[] = [];
    for (const route of routes) {
      for (let i = 0; i < bodies.length; i += 8) {
        const batch = bodies.slice(i, i + 8);
        const answers = await Promise.all(batch.map((b) => rawJson(route, game.forehand, b)));
        answers.forEach((res, j) => {
          if (res.status >= 500) failures.push(`${route} ${batch[j].slice(0, 80)} → ${res.status}`);
          else if (res.status >= 400) expect(res.headers['content-type'], `${route} ${batch[j].slice(0, 80)}`).toMatch(/^application\/problem\+json/);
        });
      }
    }
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    await client.view(game.gameId, game.forehand).expect(200);
  });

  it('answers garbage ids, queries, methods and headers with a status below 500', async () => {
    const game = await client.startedGame({ seed: SEED });
    const ids = ['%00', 'a%00b', '%ff', '%E0%A4%A', '%2e%2e', '..%2f..', 'null', 'undefined', '__proto__', 'constructor', "x';drop table games;--", 'x'.repeat(64), '%C3%BC', '%F0%9F%83%8F', '%20', '%09', '%u0000'];
    const failures: string[] = [];
    const check = (what: string, res: { status: number }) => {
      if (res.status >= 500) failures.push(`${what} → ${res.status}`);
    };
    const p = game.forehand;
    for (const id of ids) {
      for (const sub of ['', '/events', '/record', '/events?after=1', '?waitForVersion=0']) {
        check(`GET ${id}${sub}`, await http().get(`/v1/games/${id}${sub}`));
        check(`GET ${id}${sub} as player`, await http().get(`/v1/games/${id}${sub}`).set(p.auth));
      }
      check(`join ${id}`, await http().post(`/v1/games/${id}/join`).set(p.auth));
      check(`move ${id}`, await client.move(id, p, { type: 'resign' }));
      check(`move ${id} idem`, await client.move(id, p, { type: 'resign' }).set('Idempotency-Key', 'k'));
    }
    const queries = fc.sample(fc.string({ unit: 'binary', maxLength: 40 }), { seed: 3, numRuns: 40 });
    for (const q of [...queries, '%00', 'a%00', '-0', '0x10', '1e3', 'NaN', 'Infinity', '__proto__', 'waiting ', 'WAITING']) {
      for (const name of ['limit', 'cursor', 'status']) check(`lobby ${name}=${q}`, await http().get('/v1/games').query({ [name]: q }));
      check(`after=${q}`, await http().get(`/v1/games/${game.gameId}/events`).query({ after: q }));
      // Only values that cannot be a number: a valid waitForVersion above the version long-polls.
      if (!/^\s*\d/.test(q)) check(`waitForVersion=${q}`, await http().get(`/v1/games/${game.gameId}`).query({ waitForVersion: q }));
    }
    check('repeated query', await http().get('/v1/games?limit=1&limit=2&status=waiting&status=finished'));
    check('array query', await http().get('/v1/games?limit[]=1&cursor[a]=b'));

    const paths = ['/v1/players', '/v1/games', `/v1/games/${game.gameId}`, `/v1/games/${game.gameId}/join`, `/v1/games/${game.gameId}/moves`, `/v1/games/${game.gameId}/events`, `/v1/games/${game.gameId}/record`, '/healthz', '/readyz', '/openapi.json', '/docs', '/.well-known/jwks.json', '/', '/v1', '/v1/'];
    for (const path of paths) {
      for (const method of ['get', 'post', 'put', 'patch', 'delete', 'options', 'head'] as const) {
        check(`${method} ${path}`, await http()[method](path).set(p.auth).set('Content-Type', 'application/json').send('{"junk":[1,{"a":null}]}'));
        check(`${method} ${path} anonymous`, await http()[method](path));
      }
    }

    const auths = ['', 'Bearer', 'bearer  x', 'Bearer ' + 'A'.repeat(8000), 'Bearer ..', 'Bearer a.b.c.d.e', 'Bearer eyJ.eyJ.x', `Bearer ${p.token}, Bearer ${p.token}`, 'Bearer \u00ff\u00fe', 'Negotiate abc'];
    for (const a of auths) {
      check(`auth ${a.slice(0, 20)} read`, await http().get(`/v1/games/${game.gameId}`).set('Authorization', a));
      check(`auth ${a.slice(0, 20)} write`, await http().post(`/v1/games/${game.gameId}/moves`).set('Authorization', a).send({ move: { type: 'resign' } }));
    }
    for (const type of ['application/json; charset=latin1', 'application/json; charset=utf-16', 'APPLICATION/JSON', 'application/problem+json', 'application/vnd.x+json', '*/*', ';', 'application/json;;;']) {
      check(`type ${type}`, await rawJson(`/v1/games/${game.gameId}/moves`, p, '{"move":{"type":"cut","at":99}}', type));
    }
    for (const key of ['\u00ff\u00fe', ' ', 'k'.repeat(200), 'a b', '"quoted"']) {
      check(`key ${key.slice(0, 10)}`, await client.move(game.gameId, p, { type: 'cut', at: 99 }).set('Idempotency-Key', key));
    }
    check('if-none-match garbage', await http().get(`/v1/games/${game.gameId}`).set('If-None-Match', '*, W/"", "\u00ff"'));
    expect(failures).toEqual([]);
  });
});

describe('afterwards', () => {
  it('no request of this file was a server error, and nothing was logged as one', () => {
    expect(accessLog.length).toBeGreaterThan(1000);
    expect(accessLog.filter((l) => (l.status as number) >= 500)).toEqual([]);
    expect(errorLog).toEqual([]);
  });

  it('every status a route answered is documented for that route in the OpenAPI document', () => {
    const doc = JSON.parse(readFileSync(new URL('../../openapi/openapi.json', import.meta.url), 'utf8'));
    const templates = Object.entries(doc.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>).map(
      ([path, ops]) => ({ re: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`), ops }),
    );
    const undocumented = new Set<string>();
    for (const line of accessLog) {
      const method = String(line.method).toLowerCase();
      const t = templates.find((x) => x.re.test(String(line.path)));
      const op = t?.ops[method];
      if (!op) continue; // not an operation: 404 NOT_FOUND by design
      const [template] = Object.entries(doc.paths).find(([, ops]) => ops === t!.ops)!;
      if (!(String(line.status) in op.responses)) undocumented.add(`${line.method} ${template} ${line.status}`);
    }
    expect([...undocumented].sort()).toEqual([]);
  });
});
