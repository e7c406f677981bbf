// Typed events, as the OpenAPI document describes them: a game's events are the rules engine's,
// redacted for the reader (a card the reader may not see is "hidden"), a discriminated union on
// `type`; a match's events and a player's own events likewise.
import type { components } from './generated/api-types.ts';

export type GameEvent = components['schemas']['GameEvent'];
export type GameEventType = GameEvent['type'];

/** An event of a game's log: `seq` is its number (1-based); the game's version is the last seq. */
export interface LoggedEvent {
  seq: number;
  event: GameEvent;
}

export type MatchEvent = components['schemas']['MatchEvent'];
export type LoggedMatchEvent = components['schemas']['LoggedMatchEvent'];
