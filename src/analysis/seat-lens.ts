// The seat lens: each card judged from its player's own view, as pimc (src/bots/pimc) sees a
// decision: worlds drawn to fit everything that player had seen (its view and its memory of the
// game), each legal card valued in every world by pimc's own valuation (played out by rules
// early, the solver's bands in the middle, its exact value late), and the means compared. The
// card with the best mean is what the seat's view recommends; the loss is the expected loss of
// the card played. A guess that the cards then punished costs little here, where the open lens
// (every card known) blames it in full.
import { hybridSolver, newMemory, remember, rng, sampleWorld } from '../bots/index.ts';
import { createSolverContext, positionFromState } from '../bots/solver/index.ts';
import { evolve, initialState, view, type Card, type Config, type GameEvent, type Seat, type State } from '../engine/index.ts';
import { band, lossOf } from './outcome.ts';
import { round, summarize, type AnalysisBody, type AnalysedCard } from './result.ts';
import { walk } from './walk.ts';

export interface SeatLensOptions {
  /** Worlds drawn per card. */
  samples: number;
  /** The draws' seed (the same game and seed: the same analysis). */
  seed: number;
}

/** Events that start a move: before each, both players have seen the game as it stands. */
const MOVES = new Set<GameEvent['type']>(['cut', 'declared', 'kontra', 're', 'passed', 'bid', 'held', 'stockPickedUp', 'discarded', 'played', 'resigned', 'timedOut']);

export function analyseSeat(game: { config: Config; serverSeed: string; events: readonly GameEvent[] }, options: SeatLensOptions, progress: (done: number) => void = () => {}): AnalysisBody {
  const { decisions, cards, firstTrick } = walk(game.config, game.serverSeed, game.events);
  const body: AnalysisBody = {
    game: firstTrick?.contract?.game ?? null,
    declarer: firstTrick?.contract?.declarer ?? null,
    value: null,
    decisions: decisions.map((d) => ({ ...d, value: null })),
    plies: [],
    players: summarize([]),
    samples: options.samples,
  };
  if (!firstTrick) return body;
  const context = createSolverContext();
  const solver = hybridSolver(context, 24, 18);
  const rand = rng(options.seed);
  const memory = { forehand: newMemory(), dealer: newMemory() };
  let state: State = initialState(game.config, game.serverSeed);
  const plies: AnalysedCard[] = [];
  game.events.forEach((event, i) => {
    if (MOVES.has(event.type) && state.phase !== 'finished') for (const seat of ['forehand', 'dealer'] as const) remember(memory[seat], view(state, seat));
    if (event.type === 'played' && state.phase === 'playing') {
      plies.push(judge(state, event.seat, event.card, i + 1));
      progress(plies.length / cards.length);
    }
    state = evolve(state, event);
  });

  /** The mean value of each legal card over worlds fitting the mover's view, and the card played's expected loss. */
  function judge(before: State, seat: Seat, card: Card, seq: number): AnalysedCard {
    const seen = view(before, seat);
    const sums = new Map<Card, number>();
    for (let k = 0; k < options.samples; k++) {
      const world = sampleWorld(seen, memory[seat], rand);
      for (const { card: c, value } of solver.moveValues(positionFromState(world))) sums.set(c, (sums.get(c) ?? 0) + value);
    }
    const position = positionFromState(before);
    const maximizing = seat === position.declarer;
    const mean = (c: Card) => round((sums.get(c) ?? 0) / options.samples);
    let best = card;
    for (const c of sums.keys()) if (maximizing ? mean(c) > mean(best) : mean(c) < mean(best)) best = c;
    const value = mean(card);
    const bestValue = mean(best);
    return { seq, seat, card, value, best: [best], bestValue, loss: round(lossOf(maximizing, value, bestValue)), mistake: band(position.game, value) !== band(position.game, bestValue) };
  }

  body.plies = plies;
  body.players = summarize(plies);
  return body;
}
