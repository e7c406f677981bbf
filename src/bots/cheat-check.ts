// What the bots' cannot-cheat tests share: whole games played by greedy, each seat remembering
// what it sees as a bot does, that stop at every decision for the test to ask a bot about a twin
// of the game (the same to the seat, hidden cards swapped); and the twin's deck, made to follow.
import { decide, evolve, view, type Card, type Seat, type State } from '../engine/index.ts';
import { stackOfEachCard } from '../engine/deal.ts';
import type { Mutable } from '../engine/state.ts';
import { greedy } from './greedy.ts';
import { newMemory, remember, type BotView, type Memory } from './strategy.ts';

/**
 * A game played to its end by greedy at both seats, `pick` its only randomness; `atDecision` sees
 * each decision first: the game, the seat to move, its view and its memory.
 */
export function playGreedily(state: State, pick: (n: number) => number, atDecision: (state: State, seat: Seat, v: BotView, memory: Memory) => void): void {
  const memory: Record<Seat, Memory> = { forehand: newMemory(), dealer: newMemory() };
  while (state.phase !== 'finished') {
    // biome-ignore lint/style/noNonNullAssertion: a game that is not finished has a seat to move
    const seat = state.toMove!;
    const v = view(state, seat);
    remember(memory[seat], v);
    atDecision(state, seat, v, memory[seat]);
    const d = decide(state, seat, greedy(v, memory[seat], pick));
    if (!d.ok) throw new Error(d.error.code);
    state = d.events.reduce(evolve, state);
    const o: Seat = seat === 'forehand' ? 'dealer' : 'forehand';
    if (state.phase !== 'finished') remember(memory[o], view(state, o));
  }
}

/** The twin's deck and stacks, `x` and `y` swapped in them: the deal still to come and the matadors are the twin's own. */
export function followDeck(twin: Mutable<State>, state: State, x: Card, y: Card): void {
  twin.deck = state.deck.map((c) => (c === x ? y : c === y ? x : c)) as State['deck'];
  twin.stackOfCard = state.cut === null ? null : stackOfEachCard(twin.deck, state.cut, state.config.variant);
}
