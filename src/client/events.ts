// Typed game events. The service sends the rules engine's events, redacted for the reader (a card
// the reader may not see is "hidden"). Once the OpenAPI document describes `GameEvent` as a
// discriminated union, the generated type is the one used here; until then (its `type` is a
// plain string) the engine's own union stands in — the same shapes, checked by the service.
import type { GameEvent as EngineGameEvent } from '../engine/types.ts';
import type { components } from './generated/api-types.ts';

type SpecGameEvent = components['schemas']['GameEvent'];

export type GameEvent = string extends SpecGameEvent['type'] ? EngineGameEvent : SpecGameEvent;
export type GameEventType = GameEvent['type'];

/** An event of a game's log: `seq` is its number (1-based); the game's version is the last seq. */
export interface LoggedEvent {
  seq: number;
  event: GameEvent;
}

export type MatchEvent = components['schemas']['MatchEvent'];
export type LoggedMatchEvent = components['schemas']['LoggedMatchEvent'];
