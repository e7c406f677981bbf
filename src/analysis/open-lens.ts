// The open lens: every card known, both sides playing perfectly from each card on (double
// dummy). Per card: the solver's value after it and after the best card, the best cards, the
// loss from the mover's side. Runs in a worker thread (worker.ts): a whole game takes seconds.
//
// The value before a card is the value after the card before it (the same position), so each
// card costs one full search (the value after it, started from the value before) and a threshold
// search per other legal card (does it keep the best value?). Every search of a game runs in one
// solver context: positions of one deal share its table.
import { afterCard, finalValue, legalCards, positionFromState, reaches, solve, type SolverContext } from '../bots/solver/index.ts';
import type { Card, Config, GameEvent } from '../engine/index.ts';
import { band, lossOf } from './outcome.ts';
import { summarize, type AnalysisBody, type AnalysedCard } from './result.ts';
import { walk, type CardPlayed } from './walk.ts';

/** Analyses a finished game's log; `progress` hears the share of cards done after each card. */
export function analyseOpen(
  context: SolverContext,
  game: { config: Config; serverSeed: string; events: readonly GameEvent[] },
  progress: (done: number) => void = () => {},
): AnalysisBody {
  const { decisions, cards, firstTrick } = walk(game.config, game.serverSeed, game.events);
  if (!firstTrick) return { game: null, declarer: null, value: null, decisions: decisions.map((d) => ({ ...d, value: null })), plies: [], players: summarize([]) };
  const { value, plies } = analysePlay(context, cards, progress);
  const start = positionFromState(firstTrick);
  return {
    game: start.game,
    declarer: start.declarer,
    value,
    decisions: decisions.map((d) => ({ ...d, value })),
    plies,
    players: summarize(plies),
  };
}

/**
 * The cards of a play, in order from its first (or from any position of it: the exactness test
 * starts late in the play), each judged; `value` is the value before the first of them.
 */
export function analysePlay(context: SolverContext, cards: readonly CardPlayed[], progress: (done: number) => void = () => {}): { value: number; plies: AnalysedCard[] } {
  const plies: AnalysedCard[] = [];
  if (cards.length === 0) throw new Error('analysePlay: no card was played');
  const startValue = solve(context, positionFromState(cards[0].before)).value;
  let bestValue = startValue;
  cards.forEach(({ seq, seat, card, before }, i) => {
    const position = positionFromState(before);
    const maximizing = position.toMove === position.declarer;
    const valueAfter = (c: Card) => {
      const { next, over } = afterCard(position, c);
      return { next, over, value: over ? finalValue(next) : null };
    };
    const played = valueAfter(card);
    const value = played.value ?? solve(context, played.next, { guess: bestValue }).value;
    const best: Card[] = [];
    for (const c of legalCards(position)) {
      if (c === card) {
        if (value === bestValue) best.push(c);
        continue;
      }
      const after = valueAfter(c);
      // A card keeps the best value when it reaches it from the mover's side (none does better).
      const keeps =
        after.value !== null ? after.value === bestValue : maximizing ? reaches(context, after.next, bestValue) : !reaches(context, after.next, bestValue + 1);
      if (keeps) best.push(c);
    }
    const loss = lossOf(maximizing, value, bestValue);
    plies.push({ seq, seat, card, value, best, bestValue, loss, mistake: band(position.game, value) !== band(position.game, bestValue) });
    bestValue = value;
    progress((i + 1) / cards.length);
  });
  return { value: startValue, plies };
}
