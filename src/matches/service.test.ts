// The match hook's failure is logged, not answered, with the id of the request that finished the game.
import { describe, expect, it } from 'vitest';
import type { Game } from '../games/game.ts';
import { MatchService, type MatchServiceDeps } from './service.ts';

describe('MatchService.gameFinished', () => {
  it('logs a failed advance with the request id and the ids, and does not throw', async () => {
    const lines: Record<string, unknown>[] = [];
    const deps = {
      store: { getMatch: async () => Promise.reject(new Error('connection lost')) },
      log: { info: () => {}, error: (fields: Record<string, unknown>) => lines.push(fields) },
    } as unknown as MatchServiceDeps;
    const game = { row: { id: 'g-1', matchId: 'm-1' } } as unknown as Game;
    await new MatchService(deps).gameFinished(game, 'bot-7:req-42');
    expect(lines).toEqual([{ requestId: 'bot-7:req-42', event: 'matchAdvanceFailed', matchId: 'm-1', gameId: 'g-1', message: 'connection lost' }]);
  });

  it('has nothing to do for a game outside a match', async () => {
    const deps = { store: { getMatch: async () => { throw new Error('not called'); } }, log: { info() {}, error() { throw new Error('not logged'); } } } as unknown as MatchServiceDeps;
    await new MatchService(deps).gameFinished({ row: { id: 'g-2', matchId: null } } as unknown as Game);
  });
});
