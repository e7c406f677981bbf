// Stepping through a recorded game: the state after every event (the engine's evolve, folded once),
// and the stops for stepping a trick at a time. A record that cannot be folded (tampered with) is
// replayed as far as it goes; the verification says why.
import { evolve, initialState, type GameEvent, type State } from '../../src/engine/index.ts';
import type { GameRecord } from '../../src/record/index.ts';

export class ReplayModel {
  /** states[i]: the game after its first i events. */
  readonly states: State[];
  readonly events: GameEvent[];
  /** The index of the first event the engine could not apply, or null. */
  readonly brokenAt: number | null = null;
  /** Positions a trick step lands on: the start, the start of play, each complete trick, the end. */
  readonly stops: number[];

  constructor(record: Pick<GameRecord, 'config' | 'serverSeed' | 'events'>) {
    this.events = record.events.map((e) => e.event);
    let state = initialState(record.config, record.serverSeed);
    this.states = [state];
    for (let i = 0; i < this.events.length; i++) {
      try {
        state = evolve(state, this.events[i]);
      } catch {
        this.brokenAt = i;
        break;
      }
      this.states.push(state);
    }
    const stops = new Set<number>([0, this.last]);
    const firstPlay = this.events.findIndex((e) => e.type === 'played');
    if (firstPlay >= 0 && firstPlay <= this.last) stops.add(firstPlay);
    // A trick is complete once its second card is down (before it is taken off the table).
    for (let i = 1; i <= this.last; i++) if (this.events[i - 1].type === 'played' && this.states[i].trick.length === 2) stops.add(i);
    this.stops = [...stops].sort((a, b) => a - b);
  }

  /** The last position: every event that could be applied. */
  get last(): number {
    return this.states.length - 1;
  }

  clamp(i: number): number {
    return Math.max(0, Math.min(this.last, i));
  }

  nextTrick(i: number): number {
    return this.stops.find((s) => s > i) ?? this.last;
  }

  prevTrick(i: number): number {
    return [...this.stops].reverse().find((s) => s < i) ?? 0;
  }

  /** The number of cards played in the first i events: the analysis' card the replay is at. */
  cardsAt(i: number): number {
    let n = 0;
    for (let k = 0; k < this.clamp(i); k++) if (this.events[k].type === 'played') n++;
    return n;
  }

  /** The position just after the n-th card played (1-based); 0 is the start of play (or the start). */
  afterCard(n: number): number {
    if (n <= 0) return Math.max(0, this.events.findIndex((e) => e.type === 'played'));
    let seen = 0;
    for (let k = 0; k < this.last; k++) if (this.events[k].type === 'played' && ++seen === n) return k + 1;
    return this.last;
  }

  /** The number of the trick being played at position i (1-based), 0 before play. */
  trickAt(i: number): number {
    const s = this.states[this.clamp(i)];
    return s.phase === 'playing' || s.trick.length > 0 ? s.tricks.forehand + s.tricks.dealer + 1 : s.tricks.forehand + s.tricks.dealer;
  }
}
