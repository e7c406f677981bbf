// Player-centred calls, for bots and clients acting for one player: who am I, my games and
// matches (challenges included), my own event stream (stored, resumable, woken across
// processes), calling off and declining waiting games and matches, and the lobby's filters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../support/problems.ts';
import { playToEnd } from '../support/matches.ts';
import { Client, twoInstances, type TestPlayer, type TestService } from '../support/service.ts';
import { openSse, type SseMessage } from '../support/sse.ts';

let a: TestService;
let b: TestService;
let instances: Awaited<ReturnType<typeof twoInstances>>;
let onA: Client;
let onB: Client;

beforeAll(async () => {
  instances = await twoInstances({ timing: { heartbeatMs: 300 } });
  ({ a, b } = instances);
  onA = new Client(a.http);
  onB = new Client(b.http);
});
afterAll(() => instances?.close());

type Event = { type: string; [k: string]: unknown };
const eventsOf = (messages: SseMessage[]) => messages.filter((m) => m.data).map((m) => ({ seq: Number(m.id), ...(JSON.parse(m.data!) as Event) }));
const types = (messages: SseMessage[]) => eventsOf(messages).map((e) => e.type);

/** The player's stream, opened on `service` (after `after`, or from Last-Event-ID). */
const stream = (service: TestService, p: TestPlayer, headers: Record<string, string> = {}) =>
  openSse(`${service.url}/v1/players/me/stream`, { ...p.auth, ...headers });

describe('who am I', () => {
  it('GET /v1/players/me names the player of the token and when it expires', async () => {
    const anna = await onA.player('Anna');
    const me = (await a.http.get('/v1/players/me').set(anna.auth).expect(200)).body;
    const issued = anna as unknown as { expiresAt: string; tokenId: string };
    expect(me).toEqual({ playerId: anna.playerId, name: 'Anna', username: null, bot: false, tokenId: issued.tokenId, scopes: ['play', 'read', 'account'], expiresAt: issued.expiresAt });
    expectProblem(await a.http.get('/v1/players/me'), 401, 'INVALID_TOKEN');
  });

  it('a new player is at the Location its 201 names, which anyone may read', async () => {
    const res = await a.http.post('/v1/players').send({ name: 'Bert' }).expect(201);
    expect(res.headers.location).toBe(`/v1/players/${res.body.playerId}`);
    expect((await b.http.get(res.headers.location).expect(200)).body).toEqual({ playerId: res.body.playerId, name: 'Bert', bot: false, username: null, ratings: {} });
    expectProblem(await a.http.get(`/v1/players/${crypto.randomUUID()}`), 404, 'PLAYER_NOT_FOUND');
  });

  it('a name must show something and hold no bidi control: 400 VALIDATION_FAILED, naming the name', async () => {
    // Blank to everyone (zero-width space, Hangul filler, braille blank), or turning the text
    // around the name (right-to-left override, isolates): alone, among blanks, or with letters.
    const refused = ['\u200B', '\u3164', '\u2800', '\u202E', '\u200B\u3164\u2800', ' \u2800 ', '\u202EAnna', 'An\u202Ena', 'Anna\u2066', '\u2067x\u2069', '\u202Ax'];
    for (const name of refused) {
      for (const [path, body] of [
        ['/v1/players', { name }],
        ['/v1/accounts', { username: 'blank_name', password: 'correct horse battery staple', name }],
      ] as const) {
        const problem = expectProblem(await a.http.post(path).send(body), 400, 'VALIDATION_FAILED');
        expect(problem.errors, `${path} ${JSON.stringify(name)}`).toEqual([expect.objectContaining({ path: 'name', message: expect.stringMatching(/shows.*bidi/) })]);
      }
    }
    // Among visible text the blanks are only spacing: the name shows.
    for (const name of ['\u200BAnna', 'A\u3164B', '\u2800Bert', 'Ce\u200Bcil']) {
      const made = (await a.http.post('/v1/players').send({ name }).expect(201)).body;
      expect(made.name).toBe(name);
    }
  });

  it('every 201 carries the Location of what it created', async () => {
    const anna = await onA.player('Anna');
    const bert = await onA.player('Bert');
    const game = await a.http.post('/v1/games').set(anna.auth).send({}).expect(201);
    expect(game.headers.location).toBe(`/v1/games/${game.body.id}`);
    const match = await a.http.post('/v1/matches').set(anna.auth).send({ games: 1 }).expect(201);
    expect(match.headers.location).toBe(`/v1/matches/${match.body.id}`);
    const started = await onA.startedGame();
    await a.http.post(`/v1/games/${started.gameId}/moves`).set(started.forehand.auth).send({ move: { type: 'resign' } }).expect(200);
    const rematch = await a.http.post(`/v1/games/${started.gameId}/rematch`).set(started.dealer.auth).expect(201);
    expect(rematch.headers.location).toBe(`/v1/games/${rematch.body.id}`);
    void bert;
  });
});

describe('my stream', () => {
  it('tells the challenged player, then both, of a game from challenge to finish, woken across processes', async () => {
    const anna = await onA.player('Anna');
    const bert = await onA.player('Bert');
    const annaStream = await stream(a, anna);
    const bertStream = await stream(b, bert);
    try {
      const created = await onA.createGame(anna, { opponent: bert.playerId, seat: 'forehand' });
      await bertStream.until((m) => types(m).includes('challenge'));
      expect(eventsOf(bertStream.messages)[0]).toMatchObject({ seq: 1, type: 'challenge', kind: 'game', id: created.id, from: anna.playerId, games: null });

      await b.http.post(`/v1/games/${created.id}/join`).set(bert.auth).expect(200);
      await annaStream.until((m) => types(m).includes('gameStart'));
      await bertStream.until((m) => types(m).includes('gameStart'));
      expect(eventsOf(annaStream.messages).find((e) => e.type === 'gameStart')).toMatchObject({ gameId: created.id, seat: 'forehand', opponent: bert.playerId, matchId: null });
      expect(eventsOf(bertStream.messages).find((e) => e.type === 'gameStart')).toMatchObject({ gameId: created.id, seat: 'dealer', opponent: anna.playerId });

      await playToEnd(onB, created.id, [anna, bert], 5);
      await annaStream.until((m) => types(m).includes('gameFinish'));
      await bertStream.until((m) => types(m).includes('gameFinish'));
      const finish = eventsOf(annaStream.messages).find((e) => e.type === 'gameFinish')!;
      const final = (await onA.view(created.id).expect(200)).body;
      expect(finish).toMatchObject({ gameId: created.id, seat: 'forehand', result: final.result });
      expect(types(annaStream.messages)).toEqual(['gameStart', 'gameFinish']);
      expect(types(bertStream.messages)).toEqual(['challenge', 'gameStart', 'gameFinish']);
      // The player's own sequence, without gaps.
      expect(eventsOf(bertStream.messages).map((e) => e.seq)).toEqual([1, 2, 3]);
    } finally {
      await annaStream.close();
      await bertStream.close();
    }
  });

  it('misses nothing across a reconnect: Last-Event-ID resumes where the client was, on any process', async () => {
    const anna = await onA.player('Anna');
    const bert = await onA.player('Bert');
    const first = await stream(a, bert);
    await onA.createGame(anna, { opponent: bert.playerId });
    await first.until((m) => types(m).length >= 1);
    await first.close();
    // While nobody listens: a second challenge, and a match.
    const second = await onA.createGame(anna, { opponent: bert.playerId });
    const match = (await a.http.post('/v1/matches').set(anna.auth).send({ games: 2, opponent: bert.playerId }).expect(201)).body;
    const resumed = await stream(b, bert, { 'Last-Event-ID': '1' });
    try {
      await resumed.until((m) => types(m).length >= 2);
      expect(eventsOf(resumed.messages)).toMatchObject([
        { seq: 2, type: 'challenge', kind: 'game', id: second.id },
        { seq: 3, type: 'challenge', kind: 'match', id: match.id, games: 2 },
      ]);
    } finally {
      await resumed.close();
    }
    const replay = await openSse(`${a.url}/v1/players/me/stream?after=0`, bert.auth);
    await replay.until((m) => types(m).length >= 3);
    await replay.close();
    expect(eventsOf(replay.messages).map((e) => e.seq)).toEqual([1, 2, 3]);
  });

  it('tells both players of a match: it starts, each game starts, it finishes', async () => {
    const anna = await onA.player('Anna');
    const bert = await onA.player('Bert');
    const s = await stream(a, anna);
    try {
      const match = (await a.http.post('/v1/matches').set(anna.auth).send({ games: 1, opponent: bert.playerId }).expect(201)).body;
      const joined = (await b.http.post(`/v1/matches/${match.id}/join`).set(bert.auth).expect(200)).body;
      await playToEnd(onA, joined.currentGameId, [anna, bert], 9);
      await s.until((m) => types(m).includes('matchFinish'));
      expect(types(s.messages)).toEqual(['matchStart', 'gameStart', 'gameFinish', 'matchFinish']);
      const events = eventsOf(s.messages);
      expect(events[0]).toMatchObject({ matchId: match.id, opponent: bert.playerId, games: 1 });
      expect(events[1]).toMatchObject({ gameId: joined.currentGameId, matchId: match.id, number: 1 });
      const sheet = (await a.http.get(`/v1/matches/${match.id}`).expect(200)).body;
      expect(events[3]).toMatchObject({ matchId: match.id, winner: sheet.winner, draw: sheet.draw, totals: sheet.totals });
    } finally {
      await s.close();
    }
  });

  it('needs a token', async () => {
    const res = await fetch(`${a.url}/v1/players/me/stream`);
    expect(res.status).toBe(401);
    await res.body?.cancel();
  });
});

describe('my games', () => {
  it('lists the games and matches I play or am challenged to, by status, newest first, page by page', async () => {
    const anna = await onA.player('Anna');
    const bert = await onA.player('Bert');
    const cleo = await onA.player('Cleo');
    const open = await onA.createGame(anna, {});
    const challenge = await onA.createGame(bert, { opponent: anna.playerId });
    const matchChallenge = (await a.http.post('/v1/matches').set(cleo.auth).send({ games: 3, opponent: anna.playerId }).expect(201)).body;
    const started = await onA.createGame(anna, { seat: 'forehand' });
    await a.http.post(`/v1/games/${started.id}/join`).set(cleo.auth).expect(200);
    const notMine = await onA.createGame(bert, {});

    const page = async (query: string) => (await b.http.get(`/v1/players/me/games${query}`).set(anna.auth).expect(200)).body;
    const waiting = await page('?status=waiting');
    expect(waiting.entries.map((e: { kind: string; id: string }) => `${e.kind}:${e.id}`)).toEqual([
      `match:${matchChallenge.id}`,
      `game:${challenge.id}`,
      `game:${open.id}`,
    ]);
    expect(waiting.entries[1]).toMatchObject({ kind: 'game', status: 'waiting', reservedFor: anna.playerId });
    expect(waiting.entries[0]).toMatchObject({ status: 'waiting', games: 3, reservedFor: anna.playerId });
    expect((await page('?status=active')).entries.map((e: { id: string }) => e.id)).toEqual([started.id]);
    expect((await page('?status=finished')).entries).toEqual([]);

    // Two at a time: every entry once, in order.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const p: { entries: { id: string }[]; nextCursor: string | null } = await page(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...p.entries.map((e) => e.id));
      cursor = p.nextCursor;
    } while (cursor);
    expect(seen).toEqual([started.id, matchChallenge.id, challenge.id, open.id]);
    expect(seen).not.toContain(notMine.id);
    expectProblem(await b.http.get('/v1/players/me/games?cursor=nope').set(anna.auth), 400, 'INVALID_CURSOR');
    expectProblem(await b.http.get('/v1/players/me/games?limit=0').set(anna.auth), 400, 'VALIDATION_FAILED');
  });
});

describe('calling off and declining', () => {
  it('the creator calls a waiting game off: 204, off the lobby, both told; once begun, 422 GAME_STARTED', async () => {
    const anna = await onA.player('Anna');
    const bert = await onA.player('Bert');
    const bertStream = await stream(b, bert);
    try {
      const game = await onA.createGame(anna, { opponent: bert.playerId });
      expectProblem(await a.http.delete(`/v1/games/${game.id}`).set(bert.auth), 403, 'NOT_YOUR_GAME');
      await a.http.delete(`/v1/games/${game.id}`).set(anna.auth).expect(204);
      await a.http.delete(`/v1/games/${game.id}`).set(anna.auth).expect(204); // again: nothing changes
      const view = (await onB.view(game.id).expect(200)).body;
      expect(view.status).toBe('cancelled');
      const lobby = (await b.http.get('/v1/games?status=waiting&limit=100').expect(200)).body;
      expect(lobby.games.map((g: { id: string }) => g.id)).not.toContain(game.id);
      expectProblem(await b.http.post(`/v1/games/${game.id}/join`).set(bert.auth), 422, 'GAME_CANCELLED');
      const log = (await a.http.get(`/v1/games/${game.id}/events`).expect(200)).body;
      expect(log.events.map((e: { event: { type: string } }) => e.event.type)).toEqual(['seated', 'cancelled']);
      expect(log.events[1].event).toEqual({ type: 'cancelled', by: anna.playerId, reason: 'cancelled' });
      await bertStream.until((m) => types(m).includes('challengeCancelled'));
      expect(eventsOf(bertStream.messages).at(-1)).toMatchObject({ type: 'challengeCancelled', kind: 'game', id: game.id, by: anna.playerId, reason: 'cancelled' });

      const started = await onA.startedGame();
      expectProblem(await a.http.delete(`/v1/games/${started.gameId}`).set(started.forehand.auth), 422, 'GAME_STARTED');
    } finally {
      await bertStream.close();
    }
  });

  it('the challenged player declines: 204, the game is off, both told', async () => {
    const anna = await onA.player('Anna');
    const bert = await onA.player('Bert');
    const cleo = await onA.player('Cleo');
    const annaStream = await stream(a, anna);
    try {
      const game = await onA.createGame(anna, { opponent: bert.playerId });
      expectProblem(await b.http.post(`/v1/games/${game.id}/decline`).set(cleo.auth), 403, 'NOT_YOUR_CHALLENGE');
      expectProblem(await b.http.post(`/v1/games/${game.id}/decline`).set(anna.auth), 403, 'NOT_YOUR_CHALLENGE');
      await b.http.post(`/v1/games/${game.id}/decline`).set(bert.auth).expect(204);
      expect((await onA.view(game.id).expect(200)).body.status).toBe('cancelled');
      await annaStream.until((m) => types(m).includes('challengeDeclined'));
      expect(eventsOf(annaStream.messages).at(-1)).toMatchObject({ type: 'challengeDeclined', kind: 'game', id: game.id, by: bert.playerId });
      const mine = (await a.http.get('/v1/players/me/games?status=cancelled').set(bert.auth).expect(200)).body;
      expect(mine.entries.map((e: { id: string }) => e.id)).toContain(game.id);
    } finally {
      await annaStream.close();
    }
  });

  it('a match the same way: called off by its creator, declined by the challenged, 422 MATCH_STARTED once begun', async () => {
    const anna = await onA.player('Anna');
    const bert = await onA.player('Bert');
    const first = (await a.http.post('/v1/matches').set(anna.auth).send({ games: 2, opponent: bert.playerId }).expect(201)).body;
    expectProblem(await a.http.delete(`/v1/matches/${first.id}`).set(bert.auth), 403, 'NOT_YOUR_MATCH');
    await a.http.delete(`/v1/matches/${first.id}`).set(anna.auth).expect(204);
    const off = (await b.http.get(`/v1/matches/${first.id}`).expect(200)).body;
    expect(off.status).toBe('cancelled');
    expectProblem(await b.http.post(`/v1/matches/${first.id}/join`).set(bert.auth), 422, 'MATCH_CANCELLED');
    const log = (await b.http.get(`/v1/matches/${first.id}/events`).expect(200)).body;
    expect(log).toMatchObject({ finished: false, events: [{ seq: 1, event: { type: 'matchCancelled', by: anna.playerId, reason: 'cancelled' } }] });

    const second = (await a.http.post('/v1/matches').set(anna.auth).send({ games: 2, opponent: bert.playerId }).expect(201)).body;
    await b.http.post(`/v1/matches/${second.id}/decline`).set(bert.auth).expect(204);
    expect((await b.http.get(`/v1/matches/${second.id}`).expect(200)).body.status).toBe('cancelled');

    const third = (await a.http.post('/v1/matches').set(anna.auth).send({ games: 2 }).expect(201)).body;
    await b.http.post(`/v1/matches/${third.id}/join`).set(bert.auth).expect(200);
    expectProblem(await a.http.delete(`/v1/matches/${third.id}`).set(anna.auth), 422, 'MATCH_STARTED');
  });

  it('a join racing a calling-off: exactly one of them happens', async () => {
    for (let i = 0; i < 8; i++) {
      const anna = await onA.player('Anna');
      const bert = await onA.player('Bert');
      const game = await onA.createGame(anna, {});
      const [join, cancel] = await Promise.all([b.http.post(`/v1/games/${game.id}/join`).set(bert.auth), a.http.delete(`/v1/games/${game.id}`).set(anna.auth)]);
      const view = (await onA.view(game.id).expect(200)).body;
      if (join.status === 200) {
        expectProblem(cancel, 422, 'GAME_STARTED');
        expect(view.status).toBe('cutting');
      } else {
        expect(cancel.status).toBe(204);
        expectProblem(join, 422, 'GAME_CANCELLED');
        expect(view.status).toBe('cancelled');
      }
    }
  });
});

describe('the lobby', () => {
  it('open=true leaves out games reserved for someone else; player= lists one player\'s games', async () => {
    const anna = await onA.player('Anna');
    const bert = await onA.player('Bert');
    const cleo = await onA.player('Cleo');
    const forBert = await onA.createGame(anna, { opponent: bert.playerId });
    const forAnyone = await onA.createGame(anna, {});
    const ids = async (query: string, p?: TestPlayer) => {
      const req = a.http.get(`/v1/games?${query}`);
      return ((await (p ? req.set(p.auth) : req).expect(200)).body.games as { id: string }[]).map((g) => g.id);
    };
    expect(await ids(`status=waiting&player=${anna.playerId}`)).toEqual([forAnyone.id, forBert.id]);
    expect(await ids(`status=waiting&open=true&player=${anna.playerId}`, cleo)).toEqual([forAnyone.id]);
    expect(await ids(`status=waiting&open=true&player=${anna.playerId}`, bert)).toEqual([forAnyone.id, forBert.id]);
    expect(await ids(`status=waiting&open=true&player=${anna.playerId}`)).toEqual([forAnyone.id]);
    expect(await ids(`player=${bert.playerId}`)).toEqual([forBert.id]);
  });
});
