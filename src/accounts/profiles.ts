// A player's row changes only when it becomes a bot account (a claim) or its account is deleted
// (the name): every process forgets its copy when it hears of it, as games are woken.
import type { Notifier, VersionObserver } from '../platform/streams/notifier.ts';
import type { PlayerStore } from './player-store.ts';

const PREFIX = 'profile:';

export function forgetChangedProfiles(players: PlayerStore): VersionObserver {
  return {
    heard(key) {
      if (key.startsWith(PREFIX)) players.forget(key.slice(PREFIX.length));
    },
    reset() {
      players.forgetAll();
    },
  };
}

export async function announceProfileChange(notifier: Notifier, playerId: string): Promise<void> {
  await notifier.publish(`${PREFIX}${playerId}`, Date.now());
}
