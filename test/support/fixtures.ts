// Small builders for store tests.

import { randomBytes } from 'node:crypto';
import { DEFAULT_CONFIG } from '../../src/engine/types.ts';
import type { GameStore, NewGame } from '../../src/games/store.ts';
import type { PlayerStore } from '../../src/accounts/player-store.ts';

export const newId = () => randomBytes(9).toString('base64url');

export async function seatedGame(stores: { players: PlayerStore; games: GameStore }, overrides: Partial<NewGame> = {}) {
  const forehand = await stores.players.createPlayer({ name: 'Anna' });
  const dealer = await stores.players.createPlayer({ name: 'Bert' });
  const game = await stores.games.createGame({
    id: newId(),
    config: DEFAULT_CONFIG,
    status: 'cutting',
    serverSeed: 'a'.repeat(64),
    seedCommitment: 'c'.repeat(64),
    forehandPlayerId: forehand.id,
    dealerPlayerId: dealer.id,
    reservedPlayerId: null,
    ...overrides,
  });
  return { game, forehand, dealer };
}
