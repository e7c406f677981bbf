// Random deals and positions through the engine's own moves, for the solver's tests and its
// benchmark: a seeded walk of legalMoves → decide → evolve, so every position is one the rules reach.
import { decide, evolve, initialState, legalMoves, DEFAULT_CONFIG, TRICK_COUNT, type Config, type GameType, type Move, type RamschTrumps, type State, type Variant } from '../../engine/index.ts';
import { rng } from '../rng.ts';

/** The bots' seeded source (splitmix32): a uniform integer in 0..n-1 per call. */
export const seeded = rng;

const seedHex = (n: number) => (n >>> 0).toString(16).padStart(64, '0');

function apply(state: State, move: Move): State {
  const d = decide(state, state.toMove!, move);
  if (!d.ok) throw new Error(`rejected ${JSON.stringify(move)}: ${d.error.code}`);
  return d.events.reduce(evolve, state);
}

export interface DealOptions {
  variant: Variant;
  /**
   * The game to declare; 'best' the suit or grand its declarer's cards seen at that point rate
   * highest (as a player would choose); a random legal one when absent.
   */
  game?: GameType | 'best';
  ramschTrumps?: Config['ramschTrumps'];
}

/**
 * A game at its first trick: cut, declared (the given game or a random one), kontra passed.
 * In bidding the dealer bids 18 and forehand holds, then a hand game or the stock with two
 * random discards. Deterministic for a seed.
 */
export function dealAtFirstTrick(options: DealOptions, seed: number): State {
  const pick = seeded(seed);
  const config: Config = { ...DEFAULT_CONFIG, variant: options.variant, ramschTrumps: options.ramschTrumps ?? 'jacks' };
  let state = initialState(config, seedHex(seed * 2654435761));
  while (state.phase !== 'playing') {
    const moves = legalMoves(state, state.toMove!);
    let move: Move;
    switch (state.phase) {
      case 'bidding':
        move = state.bidding!.value === 0 ? { type: 'bid', value: 18 } : { type: 'hold' };
        if (state.bidding!.held) move = { type: 'pass' };
        break;
      case 'declaring':
      case 'stock': {
        const wanted = options.game === 'best' ? bestGame(state) : options.game;
        const declares = moves.filter((m) => m.type === 'declare' && (!wanted || m.game === wanted));
        const other = moves.filter((m) => m.type !== 'declare');
        // In the stock phase: half the time a hand game, else pick up (then discard at random).
        const pool = declares.length > 0 && (other.length === 0 || pick(2) === 0) ? declares : other.length > 0 ? other : declares;
        move = pool[pick(pool.length)];
        break;
      }
      case 'kontra':
      case 're':
        move = { type: 'pass' };
        break;
      default:
        move = moves[pick(moves.length)];
    }
    state = apply(state, move);
  }
  return state;
}

const SUIT_OF: Partial<Record<GameType, string>> = { clubs: 'C', spades: 'S', hearts: 'H', diamonds: 'D' };

/**
 * The suit or grand game the declarer's cards seen now (open cards, hand) rate highest: a jack
 * 3, a trump ace or ten 2, another trump 1.5, a plain ace 1 (grand: jacks 3, aces 1.5).
 */
function bestGame(state: State): GameType {
  const seat = state.toMove!;
  const seen = [...state.open[seat].filter((c) => c !== null), ...state.hand[seat]] as string[];
  let best: GameType = 'grand';
  let bestRating = seen.reduce((r, c) => r + (c[1] === 'J' ? 3 : c[1] === 'A' ? 1.5 : 0), 0);
  for (const game of ['clubs', 'spades', 'hearts', 'diamonds'] as const) {
    const trump = SUIT_OF[game];
    const rating = seen.reduce((r, c) => {
      if (c[1] === 'J') return r + 3;
      if (c[0] === trump) return r + (c[1] === 'A' || c[1] === 'T' ? 2 : 1.5);
      return r + (c[1] === 'A' ? 1 : 0);
    }, 0);
    if (rating > bestRating) [best, bestRating] = [game, rating];
  }
  return best;
}

/** A game after `cards` random legal cards from its first trick (fewer if the play ends first). */
export function playRandomly(state: State, cards: number, pick: (n: number) => number): State {
  for (let i = 0; i < cards && state.phase === 'playing'; i++) {
    const moves = legalMoves(state, state.toMove!);
    state = apply(state, moves[pick(moves.length)]);
  }
  return state;
}

/** A kind of game the solver's tests cover: the variants and games it is drawn from. */
export interface GameKind {
  name: string;
  variants: Variant[];
  games: GameType[];
  ramschTrumps: RamschTrumps;
}

/** Every game type, in each variant that has it (null only in bidding, ramsch with and without trumps). */
export const GAME_KINDS: GameKind[] = [
  { name: 'suit', variants: ['classic', 'halfOpen', 'bidding'], games: ['clubs', 'spades', 'hearts', 'diamonds'], ramschTrumps: 'jacks' },
  { name: 'grand', variants: ['classic', 'halfOpen', 'bidding'], games: ['grand'], ramschTrumps: 'jacks' },
  { name: 'null', variants: ['bidding'], games: ['null'], ramschTrumps: 'jacks' },
  { name: 'ramsch (jacks trumps)', variants: ['classic', 'halfOpen'], games: ['ramsch'], ramschTrumps: 'jacks' },
  { name: 'ramsch (no trumps)', variants: ['classic', 'halfOpen'], games: ['ramsch'], ramschTrumps: 'none' },
];

/**
 * A random game of a kind near its end: 1 to `maxTricks` tricks left (the trick in progress
 * counted), half the time a trick in progress; not 'playing' if the play ended first. With the
 * seeded pick that drew it, for the caller to draw on.
 */
export function nearTheEnd(kind: GameKind, seed: number, maxTricks: number): { state: State; pick: (n: number) => number } {
  const pick = seeded(seed);
  const variant = kind.variants[pick(kind.variants.length)];
  const game = kind.games[pick(kind.games.length)];
  const start = dealAtFirstTrick({ variant, game, ramschTrumps: kind.ramschTrumps }, seed);
  const left = 1 + pick(maxTricks);
  // Cards to play: all but `left` tricks, then half the time one more (a trick in progress).
  const cards = (TRICK_COUNT[variant] - left) * 2 + (pick(2) === 0 ? 1 : 0);
  return { state: playRandomly(start, cards, pick), pick };
}
