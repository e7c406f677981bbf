// Small builders for store tests.

import { randomBytes } from 'node:crypto';
import { DEFAULT_CONFIG } from '../../src/engine/types.ts';
import type { NewGame, Store } from '../../src/db/store.ts';

export const newId = () => randomBytes(9).toString('base64url');

export async function seatedGame(store: Store, overrides: Partial<NewGame> = {}) {
  const forehand = await store.createPlayer({ name: 'Anna' });
  const dealer = await store.createPlayer({ name: 'Bert' });
  const game = await store.createGame({
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
