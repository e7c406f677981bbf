// Complete games through HTTP, both variants of this service's first release.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, rng, startTestService, type TestService } from '../support/service.ts';

let service: TestService;
let client: Client;
beforeAll(async () => {
  service = await startTestService();
  client = new Client(service.http);
});
afterAll(() => service?.close());

describe.each(['classic', 'halfOpen'] as const)('a complete %s game through HTTP', (variant) => {
  it('plays to the end with the moves each view offers, then publishes the record', async () => {
    const pick = rng(variant.length);
    const { gameId, bySeat, view } = await client.startedGame({ variant });
    expect(view.status).toBe('cutting');
    let current = view;
    let moves = 0;
    while (current.status !== 'finished') {
      const seat = current.toMove as 'forehand' | 'dealer';
      const mine = (await client.view(gameId, bySeat[seat]).expect(200)).body;
      expect(mine.legalMoves.length).toBeGreaterThan(0);
      const move = mine.legalMoves[pick(mine.legalMoves.length)];
      const res = await client.move(gameId, bySeat[seat], move, { expectedVersion: mine.version });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.version).toBe(mine.version + res.body.events.length);
      current = res.body.view;
      moves++;
    }
    expect(moves).toBeGreaterThan(16);
    expect(current.result).not.toBeNull();
    expect(current.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    const record = (await service.http.get(`/v1/games/${gameId}/record`).expect(200)).body;
    expect(record.result).toEqual(current.result);
    expect(record.events.at(-1).event.type).toBe('finished');
    expect(record.cut).toBeGreaterThanOrEqual(4);
    const tricks = record.events.filter((e: { event: { type: string } }) => e.event.type === 'trickTaken');
    expect(tricks).toHaveLength(16);
  });
});
