// A game is the fold of its events over the initial state.
import { evolve } from './evolve.ts';
import { initialState, type State } from './state.ts';
import type { Config, GameEvent } from './types.ts';

export function replay(config: Config, serverSeed: string, events: readonly GameEvent[]): State {
  return events.reduce(evolve, initialState(config, serverSeed));
}
