// Rematches: the same players with the seats swapped, one game however many times it is asked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestService, type TestService } from '../support/service.ts';

let service: TestService;
let client: Client;
beforeAll(async () => {
  service = await startTestService();
  client = new Client(service.http);
});
afterAll(() => service?.close());

const rematch = (gameId: string, p: { auth: Record<string, string> }) =>
  service.http.post(`/v1/games/${gameId}/rematch`).set(p.auth);

describe('a rematch', () => {
  it('both players asking at once get one new game with the seats swapped', async () => {
    for (let i = 0; i < 5; i++) {
      const old = await client.startedGame({ variant: 'halfOpen', scoring: 'simple', turnSeconds: 30 });
      await client.move(old.gameId, old.dealer, { type: 'resign' }).expect(200);
      const finished = (await client.view(old.gameId).expect(200)).body;

      const [f, d] = await Promise.all([rematch(old.gameId, old.forehand), rematch(old.gameId, old.dealer)]);
      expect([f.status, d.status].sort()).toEqual([200, 201]);
      expect(f.body.id).toBe(d.body.id);
      expect(f.headers.location).toBe(`/v1/games/${f.body.id}`);
      const game = f.body;
      expect(game.id).not.toBe(old.gameId);
      expect(game.rematchOf).toBe(old.gameId);
      expect(game.status).toBe('cutting');
      expect(game.players.forehand.playerId).toBe(old.dealer.playerId);
      expect(game.players.dealer.playerId).toBe(old.forehand.playerId);
      expect(f.body.you).toBe('dealer');
      expect(d.body.you).toBe('forehand');
      expect(game.config).toEqual(finished.config);
      expect(game.turnSeconds).toBe(30);
      // Someone is to move (forehand cuts): the deadline runs, turnSeconds from now at most.
      expect(game.deadline).toEqual(expect.any(String));
      const left = Date.parse(game.deadline) - Date.now();
      expect(left).toBeGreaterThan(0);
      expect(left).toBeLessThanOrEqual(30_000);
      expect(game.seedCommitment).not.toBe(finished.seedCommitment);

      // Asking again, later, is the same game; the new game is an ordinary one.
      expect((await rematch(old.gameId, old.forehand).expect(200)).body.id).toBe(game.id);
      await client.move(game.id, old.dealer, { type: 'cut', at: 8 }).expect(200);
    }
  });

  it('of a practice game is an ordinary game with a fresh seed', async () => {
    const old = await client.startedGame({ seed: 'cd'.repeat(32) });
    await client.move(old.gameId, old.forehand, { type: 'resign' }).expect(200);
    const game = (await rematch(old.gameId, old.forehand).expect(201)).body;
    expect(game.config.practice).toBe(false);
    expect(game.seedCommitment).not.toBe(old.view.seedCommitment);
  });

  it('is refused for running games, strangers and match games', async () => {
    const running = await client.startedGame();
    expect((await rematch(running.gameId, running.forehand).expect(409)).body.code).toBe('GAME_NOT_FINISHED');
    await client.move(running.gameId, running.forehand, { type: 'resign' }).expect(200);
    const stranger = await client.player('Cleo');
    expect((await rematch(running.gameId, stranger).expect(403)).body.code).toBe('NOT_A_PLAYER');
    expect((await rematch('00000000-0000-0000-0000-000000000000', stranger).expect(404)).body.code).toBe('GAME_NOT_FOUND');

    const a = await client.player('Anna');
    const b = await client.player('Bert');
    const match = (await service.http.post('/v1/matches').set(a.auth).send({ games: 2 }).expect(201)).body;
    const joined = (await service.http.post(`/v1/matches/${match.id}/join`).set(b.auth).expect(200)).body;
    await client.move(joined.currentGameId, a, { type: 'resign' }).expect(200);
    expect((await rematch(joined.currentGameId, a).expect(422)).body.code).toBe('MATCH_GAME');
  });
});
