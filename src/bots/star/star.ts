// `star`: exact expectimax where the game allows it, pimc elsewhere.
//
// In the card play, once the only cards hidden from its seat are covered cards neither player has
// seen (classic throughout; halfOpen and bidding once the other player's hand is played out, with
// an untaken stock allowed in bidding), the game is one of perfect information with chance moves
// and expectimax (search.ts) plays it optimally for the score sheet's `mine − theirs`. It runs from
// the point where it fits the budget: at most `maxUnknown` unknown covered cards and `maxTricks`
// tricks left. Where it does not fit (or did not finish last time), within `sparseUnknown` and
// `sparseTricks`, the same search with sparse sampling (`draws` draws at each chance node, not
// every draw: an estimate, but one without pimc's strategy fusion) decides if it finishes in time.
// Before that, and for every decision before the play (the game, bids, the stock, kontra and re: a
// whole deal's expectimax does not fit a second), it plays pimc.
//
// Equal time: a card's whole decision gets `timeMs`, as pimc's does. The exact search runs
// against a deadline at `exactShare` of `timeMs` from the decision's start; if it does not finish,
// pimc decides with what is left of `timeMs` (at least one world, as pimc always values), and the
// exact search is not tried again in that game until fewer cards are unknown or fewer tricks left
// (its table keeps what the attempt proved); so with sparse sampling. One of the two is tried per
// card at most.
import type { Card } from '../../engine/types.ts';
import { pimc, type PimcOptions } from '../pimc/pimc.ts';
import { phaseOf, sampleWorld } from '../pimc/sample.ts';
import { rng } from '../rng.ts';
import { OutOfTime, threadContext } from '../solver/index.ts';
import type { Strategy } from '../strategy.ts';
import { rootFromView } from './root.ts';
import { expectimax, unknownPlaces, type StarResult, type StarRoot, type StarTable } from './search.ts';

export interface StarOptions extends PimcOptions {
  /** The exact search is tried with at most this many unknown covered cards (default 5). */
  maxUnknown?: number;
  /** ... and at most this many tricks left, the one in progress counted (default 8). */
  maxTricks?: number;
  /** The share of `timeMs` the exact (or sparse) search may take before pimc decides instead (default 0.5). */
  exactShare?: number;
  /** Sparse sampling's draws at each chance node (default 3; 0: no sparse sampling). */
  draws?: number;
  /** Sparse sampling is tried with at most this many unknown covered cards (default 5, as the exact search) … */
  sparseUnknown?: number;
  /** … and at most this many tricks left (default 8). */
  sparseTricks?: number;
  /** Called after each card decided by the exact search (the bench counts where it starts). */
  onExact?: (root: StarRoot, ms: number) => void;
  /** Called after each card decided by sparse sampling. */
  onSparse?: (root: StarRoot, ms: number) => void;
}

/** Tricks left at a root, the one in progress counted: the cards the side to move has left. */
export function tricksLeft(root: StarRoot): number {
  const s = root.position.seats[root.position.toMove];
  let cards = s.hand.length;
  for (const st of s.stacks) cards += (st.open ? 1 : 0) + (st.covered ? 1 : 0);
  return cards;
}

export function star(options: StarOptions = {}): Strategy {
  const timeMs = options.timeMs ?? 600;
  const maxUnknown = options.maxUnknown ?? 5;
  const maxTricks = options.maxTricks ?? 8;
  const exactShare = options.exactShare ?? 0.5;
  const draws = options.draws ?? 3;
  const sparseUnknown = options.sparseUnknown ?? 5;
  const sparseTricks = options.sparseTricks ?? 8;
  const now = options.now ?? (() => performance.now());
  const context = options.context ?? threadContext();
  const whole = pimc({ ...options, now, context });

  return (view, memory, pick) => {
    const moves = view.legalMoves;
    if (phaseOf(view) !== 'playing' || moves.length <= 1) return whole(view, memory, pick);
    const started = now();
    const root = rootFromView(view, memory, sampleWorld(view, memory, rng(pick(0x100000000))));
    const u = root ? unknownPlaces(root.position) : 0;
    const t = root ? tricksLeft(root) : 0;
    // The size of the last search of each kind that did not finish in this game: only smaller ones are tried.
    const smaller = (kind: string) => {
      const failed = memory.notes.get(kind) as { u: number; t: number } | undefined;
      return !failed || u + t <= failed.u + failed.t - 2;
    };
    const exact = root !== null && u <= maxUnknown && t <= maxTricks && smaller('star.failed');
    const sparse = !exact && root !== null && draws > 0 && u <= sparseUnknown && t <= sparseTricks && smaller('star.sparseFailed');
    if (root && (exact || sparse)) {
      const deadline = started + timeMs * exactShare;
      context.now = now;
      context.deadline = deadline;
      try {
        let r: StarResult;
        if (exact) {
          // The game's table, kept from card to card: the next decision's tree is mostly below this one.
          let store = memory.notes.get('star.table') as StarTable | undefined;
          if (!store) memory.notes.set('star.table', (store = new Map()));
          r = expectimax(context, root, { deadline, now, store });
        } else {
          // Estimates: a table of its own, never the exact search's.
          r = expectimax(context, root, { deadline, now, draws, seed: pick(0x100000000) });
        }
        const move = moves.find((m) => m.type === 'play' && (m.card as Card) === r.move);
        if (move) {
          (exact ? options.onExact : options.onSparse)?.(root, now() - started);
          return move;
        }
      } catch (e) {
        if (!(e instanceof OutOfTime)) throw e;
        memory.notes.set(exact ? 'star.failed' : 'star.sparseFailed', { u, t });
      } finally {
        context.deadline = Infinity;
      }
    }
    // pimc with the rest of the card's budget.
    const rest = Math.max(1, timeMs - (now() - started));
    return pimc({ ...options, timeMs: rest, now, context })(view, memory, pick);
  };
}
