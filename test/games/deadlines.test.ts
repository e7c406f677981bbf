// Turn deadlines: shown in every view while someone is to move, enforced lazily by the waiting
// player's claim, which races a late move through the same version guard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../support/matches.ts';
import { Client, startTestService, type TestService } from '../support/service.ts';

let service: TestService;
let client: Client;
const clock = testClock();
beforeAll(async () => {
  service = await startTestService({ now: clock.now });
  client = new Client(service.http);
});
afterAll(() => service?.close());

const claim = (gameId: string, p?: { auth: Record<string, string> }) => {
  const r = service.http.post(`/v1/games/${gameId}/claim-timeout`);
  return p ? r.set(p.auth) : r;
};
const SEED = 'ab'.repeat(32);

describe('the deadline in the view', () => {
  it('is updatedAt + turnSeconds while someone is to move, and absent otherwise', async () => {
    const a = await client.player('Anna');
    const created = await client.createGame(a, { turnSeconds: 30, seat: 'forehand' });
    expect(created.turnSeconds).toBe(30);
    expect(created.deadline).toBeUndefined(); // nobody moves before both seats are taken

    const { gameId, forehand, view } = await client.startedGame({ turnSeconds: 30 });
    expect(Date.parse(view.deadline)).toBe(Date.parse(view.updatedAt) + 30_000);
    clock.advance(7);
    const moved = (await client.move(gameId, forehand, { type: 'cut', at: 9 }).expect(200)).body.view;
    expect(moved.updatedAt).not.toBe(view.updatedAt);
    expect(Date.parse(moved.deadline)).toBe(Date.parse(moved.updatedAt) + 30_000);
    // Everybody sees the same deadline, spectators too.
    expect((await client.view(gameId).expect(200)).body.deadline).toBe(moved.deadline);
    const done = (await client.move(gameId, forehand, { type: 'resign' }).expect(200)).body.view;
    expect(done.deadline).toBeUndefined();

    const plain = await client.startedGame();
    expect(plain.view.turnSeconds).toBeNull();
    expect(plain.view.deadline).toBeUndefined();
  });

  it('turnSeconds is an integer 5..86400', async () => {
    const a = await client.player('Anna');
    for (const turnSeconds of [4, 86_401, 5.5, '10', null]) {
      const res = await service.http.post('/v1/games').set(a.auth).send({ turnSeconds });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    for (const turnSeconds of [5, 86_400]) await service.http.post('/v1/games').set(a.auth).send({ turnSeconds }).expect(201);
  });
});

describe('claiming a timeout', () => {
  it('is refused before the deadline, accepted after it, and scored like a resignation', async () => {
    const game = await client.startedGame({ turnSeconds: 30, seed: SEED });
    const twin = await client.startedGame({ seed: SEED });
    for (const g of [game, twin]) {
      await client.move(g.gameId, g.forehand, { type: 'cut', at: 10 }).expect(200);
      const v = (await client.move(g.gameId, g.forehand, { type: 'declare', game: 'clubs' }).expect(200)).body.view;
      expect(v.toMove).toBe('dealer'); // kontra or pass
    }

    const early = await claim(game.gameId, game.forehand).expect(422);
    expect(early.headers['content-type']).toContain('application/problem+json');
    expect(early.body.code).toBe('DEADLINE_NOT_REACHED');
    const { deadline } = (await client.view(game.gameId).expect(200)).body;
    expect(early.body.deadline).toBe(deadline);

    clock.advance(31);
    expect((await claim(game.gameId, game.dealer).expect(422)).body.code).toBe('YOUR_TURN');
    const res = await claim(game.gameId, game.forehand);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('finished');
    expect(res.body.you).toBe('forehand');
    expect(res.body.result.timedOut).toBe('dealer');
    expect(res.body.serverSeed).toBe(SEED);

    const resigned = (await client.move(twin.gameId, twin.dealer, { type: 'resign' }).expect(200)).body.view.result;
    expect({ ...res.body.result, timedOut: null, end: 'resigned' }).toEqual({ ...resigned, resigned: null });

    const log = (await service.http.get(`/v1/games/${game.gameId}/events`).expect(200)).body.events;
    expect(log.at(-2).event).toEqual({ type: 'timedOut', seat: 'dealer' });
    expect(log.at(-1).event.type).toBe('finished');
    expect((await claim(game.gameId, game.forehand).expect(422)).body.code).toBe('GAME_FINISHED');
  });

  it('a late move before any claim is still accepted and starts a new deadline', async () => {
    const { gameId, forehand, dealer } = await client.startedGame({ turnSeconds: 10 });
    clock.advance(60);
    const moved = (await client.move(gameId, forehand, { type: 'cut', at: 20 }).expect(200)).body.view;
    expect(moved.status).toBe('declaring');
    expect(Date.parse(moved.deadline)).toBeGreaterThan(clock.now().getTime());
    expect((await claim(gameId, dealer).expect(422)).body.code).toBe('DEADLINE_NOT_REACHED');
  });

  it('a racing move and claim at the same version never both succeed', async () => {
    let claims = 0;
    let moves = 0;
    for (let i = 0; i < 10; i++) {
      const { gameId, forehand, dealer, view } = await client.startedGame({ turnSeconds: 5 });
      clock.advance(6);
      // Sent in both orders: on one embedded connection the first to reach the database wins.
      const sendMove = () => client.move(gameId, forehand, { type: 'cut', at: 15 }, { expectedVersion: view.version });
      const sendClaim = () => claim(gameId, dealer);
      const [move, claimed] =
        i % 2 === 0 ? await Promise.all([sendMove(), sendClaim()]) : (await Promise.all([sendClaim(), sendMove()])).reverse();
      const ok = [move.status, claimed.status].filter((s) => s === 200);
      expect(ok, `move ${move.status} ${move.body.code}, claim ${claimed.status} ${claimed.body.code}`).toHaveLength(1);
      expect([409, 422]).toContain(move.status === 200 ? claimed.status : move.status);
      const after = (await client.view(gameId).expect(200)).body;
      const types = (await service.http.get(`/v1/games/${gameId}/events`).expect(200)).body.events.map(
        (e: { event: { type: string } }) => e.event.type,
      );
      if (claimed.status === 200) {
        claims++;
        expect(after.status).toBe('finished');
        expect(after.result.timedOut).toBe('forehand');
        expect(types).not.toContain('cut');
      } else {
        moves++;
        expect(after.status).toBe('declaring');
        expect(types).not.toContain('timedOut');
      }
    }
    expect(claims + moves).toBe(10);
  });

  it('answers clear codes to whoever may not claim', async () => {
    const a = await client.player('Anna');
    const stranger = await client.player('Cleo');
    const waiting = await client.createGame(a, { turnSeconds: 5 });
    clock.advance(10);
    expect((await claim(waiting.id, a).expect(422)).body.code).toBe('GAME_NOT_STARTED');

    const { gameId, dealer } = await client.startedGame({ turnSeconds: 5 });
    clock.advance(10);
    expect((await claim(gameId, stranger).expect(403)).body.code).toBe('NOT_A_PLAYER');
    expect((await claim(gameId).expect(401)).body.code).toBeTruthy();
    expect((await claim('00000000-0000-0000-0000-000000000000', dealer).expect(404)).body.code).toBe('GAME_NOT_FOUND');

    const plain = await client.startedGame();
    expect((await claim(plain.gameId, plain.dealer).expect(422)).body.code).toBe('NO_DEADLINE');
  });
});
