// An analysis thread (pool.ts): analyses the games it is sent, one at a time, in its own solver
// context (one a thread: positions of one deal share its table), and tells its progress.
import { parentPort } from 'node:worker_threads';
import { threadContext } from '../bots/solver/index.ts';
import { analyseOpen } from './open-lens.ts';
import { analyseSeat } from './seat-lens.ts';
import type { JobMessage, JobRequest } from './worker-protocol.ts';

const port = parentPort;
if (!port) throw new Error('worker.ts runs as a worker thread of the analysis pool');
const say = (m: JobMessage) => port.postMessage(m);

port.on('message', (job: JobRequest) => {
  try {
    // Progress is told at most every 2 %: a message per card would do, but costs nothing to thin.
    let told = 0;
    const progress = (done: number) => {
      if (done - told >= 0.02 || done === 1) {
        told = done;
        say({ type: 'progress', done });
      }
    };
    const body = job.lens === 'open' ? analyseOpen(threadContext(), job, progress) : analyseSeat(job, { samples: job.samples, seed: job.seed }, progress);
    say({ type: 'done', body });
  } catch (e) {
    say({ type: 'failed', error: e instanceof Error ? e.message : String(e) });
  }
});
