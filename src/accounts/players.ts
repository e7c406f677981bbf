// The players as the other features use them: created, found, named, and told apart (an account
// or a guest). PlayerStore (player-store.ts) is what does it, with its per-process copy of the rows;
// the other features name this type, never the store.
import type { PlayerStore } from './player-store.ts';

export type Players = Pick<PlayerStore, 'createPlayer' | 'findOrCreateExternalPlayer' | 'getPlayer' | 'namesOf' | 'knownNamesOf' | 'withAccounts' | 'houseBots'>;
