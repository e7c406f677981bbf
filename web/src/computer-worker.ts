// The strong computer's thinking, off the page's thread (a Web Worker: the page stays
// responsive while it searches). One worker per game seat: it keeps the seat's memory of the
// views it is sent and answers each `choose` with one of the view's legal moves. Its strategy is
// `star` (exact expectimax late in the play, pimc before it), or `pimc` when the page asks.
import { pimc } from '../../src/bots/pimc/pimc.ts';
import { rng, type Pick } from '../../src/bots/rng.ts';
import { star, type StarOptions } from '../../src/bots/star/star.ts';
import { newMemory, remember, type BotView, type Strategy } from '../../src/bots/strategy.ts';

export type WorkerStrategy = 'star' | 'pimc';
export type ToWorker =
  | { type: 'start'; seed: number; strategy: WorkerStrategy; options: StarOptions }
  | { type: 'view'; view: BotView }
  | { type: 'choose'; id: number; view: BotView };
export type FromWorker = { id: number; move: BotView['legalMoves'][number] } | { id: number; error: string };

const scope = self as unknown as { onmessage: ((e: MessageEvent<ToWorker>) => void) | null; postMessage(message: FromWorker): void };
const memory = newMemory();
let pick: Pick = rng(1);
let strategy: Strategy = star();

scope.onmessage = ({ data }) => {
  if (data.type === 'start') {
    pick = rng(data.seed);
    strategy = data.strategy === 'pimc' ? pimc(data.options) : star(data.options);
  } else if (data.type === 'view') remember(memory, data.view);
  else {
    try {
      remember(memory, data.view);
      scope.postMessage({ id: data.id, move: strategy(data.view, memory, pick) });
    } catch (e) {
      scope.postMessage({ id: data.id, error: e instanceof Error ? e.message : String(e) });
    }
  }
};
