// A worker thread of `npm run duel`: plays the deals it is sent and answers each one's result.
import { parentPort, workerData } from 'node:worker_threads';
import { playDeal, type DuelSide } from '../bots/duel.ts';
import type { Variant } from '../engine/index.ts';

const { variant, seed, a, b } = workerData as { variant: Variant; seed: number; a: DuelSide; b: DuelSide };
parentPort!.on('message', (deal: number | null) => {
  if (deal === null) return parentPort!.close();
  parentPort!.postMessage(playDeal(variant, seed, deal, a, b));
});
