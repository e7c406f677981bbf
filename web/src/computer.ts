// Playing against the computer without a second person: the browser seats a second guest player
// (its own token) and plays that seat with the project's own strategy (src/bots, on the
// pure engine, running here) through the same public API, the long poll and all. The server knows
// nothing of it: to the service it is just another player.
import { playGame, type GameView, type SkatClient } from '../../src/client/index.ts';
import { greedy, newMemory, remember, rng } from '../../src/bots/index.ts';

export interface ComputerOptions {
  /** A pause before each move, so a person can follow the cards (ms). */
  delayMs: number;
  signal: AbortSignal;
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

/** Plays the computer's seat of `gameId` until the game ends or `signal` aborts. */
export async function playComputerSeat(computer: SkatClient, gameId: string, options: ComputerOptions): Promise<GameView> {
  const memory = newMemory();
  const seed = crypto.getRandomValues(new Uint32Array(1))[0];
  const pick = rng(seed);
  const first = await computer.getGame(gameId, { signal: options.signal });
  return playGame(
    computer,
    first,
    async (view) => {
      await pause(options.delayMs, options.signal);
      return greedy(view, memory, pick);
    },
    { signal: options.signal, onView: (view) => remember(memory, view) },
  );
}
