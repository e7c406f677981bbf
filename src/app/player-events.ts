// The document's PlayerEvent: every feature's events of a player's own stream (src/<feature>/
// player-events.ts), in the order the features stand. The players, who answer the stream
// (GET /v1/players/me/stream), are handed it: the tournaments' event is of a feature after them.
import { z } from '@hono/zod-openapi';
import { GAME_PLAYER_EVENTS } from '../games/index.ts';
import { MATCH_PLAYER_EVENTS } from '../matches/index.ts';
import { RATING_PLAYER_EVENTS } from '../ratings/index.ts';
import { SEEK_PLAYER_EVENTS } from '../seeks/index.ts';
import type { PlayerEvent } from '../platform/streams/player-events.ts';
import { TOURNAMENT_PLAYER_EVENTS } from '../tournaments/index.ts';

export const PlayerEventSchema = z
  .discriminatedUnion('type', [...GAME_PLAYER_EVENTS, ...MATCH_PLAYER_EVENTS, ...RATING_PLAYER_EVENTS, ...SEEK_PLAYER_EVENTS, ...TOURNAMENT_PLAYER_EVENTS])
  .openapi('PlayerEvent', { description: "an event of the caller's own stream (GET /v1/players/me/stream)" });

// Compile-time: every event a feature declares has its schema here, and every schema its event.
type Unlisted = Exclude<PlayerEvent['type'], z.output<typeof PlayerEventSchema>['type']> | Exclude<z.output<typeof PlayerEventSchema>['type'], PlayerEvent['type']>;
const everyEventListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyEventListed;
