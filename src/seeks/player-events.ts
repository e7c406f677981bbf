// What the pairing pool tells a player on its own stream (GET /v1/players/me/stream): a seek left
// the pool unpaired (a pairing comes as the games' gameStart or the matches' matchStart).
import { z } from '@hono/zod-openapi';

/** A seek of this player's left the pool without a pairing: withdrawn by its owner, past its time, or its owner's streams all closed (whileConnected). */
export interface SeekEndedEvent {
  type: 'seekEnded';
  seekId: string;
  reason: 'withdrawn' | 'expired' | 'disconnected';
}

declare module '../platform/streams/player-events.ts' {
  interface PlayerEvents {
    seekEnded: SeekEndedEvent;
  }
}

/** The schemas of the pool's events of a player's stream. */
export const SEEK_PLAYER_EVENTS = [
  z
    .object({
      type: z.literal('seekEnded'),
      seekId: z.string(),
      reason: z.enum(['withdrawn', 'expired', 'disconnected']).openapi({
        description: 'withdrawn by you; expired: past SEEK_TTL_SECONDS; disconnected: a whileConnected seek whose owner has no player stream open any more',
      }),
    })
    .openapi('SeekEndedEvent', { description: 'a seek of yours left the pool without being paired (a pairing comes as gameStart or matchStart instead): seek again if you still want a game' }),
] as const;
