// A worker thread of `npm run duel`: plays the deals it is sent and answers each one's result.
import { parentPort, workerData } from 'node:worker_threads';
import { playDeal, type DuelSide } from '../bots/duel.ts';
import type { Variant } from '../engine/index.ts';

const { variant, seed, a, b } = workerData as { variant: Variant; seed: number; a: DuelSide; b: DuelSide };
const port = parentPort;
if (!port) throw new Error('duel-worker.ts runs as a worker thread of npm run duel');
port.on('message', (deal: number | null) => {
  if (deal === null) return port.close();
  port.postMessage(playDeal(variant, seed, deal, a, b));
});
