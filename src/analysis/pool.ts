// The analysis pool of one process: a bounded set of worker threads (node:worker_threads), each
// running one analysis at a time, fed from the queue every process shares (the `analyses` rows).
// It claims a job only when a thread is free, so the queue stays in the database: a process
// that dies holds nothing another cannot take over once the lease runs out. The solver runs in
// the threads only: the event loop never waits for it.
import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { Game } from '../games/index.ts';
import type { Logger } from '../platform/log.ts';
import type { AnalysisBody } from './result.ts';
import type { Lens } from './schemas.ts';
import type { AnalysisStore } from './store.ts';
import type { JobRequest, JobMessage } from './worker-protocol.ts';

export interface AnalysisPoolOptions {
  store: AnalysisStore;
  loadGame: (gameId: string) => Promise<Game>;
  log: Logger;
  /** Worker threads (0: this process analyses nothing; others do). */
  size: number;
  /** How long a claim holds without renewal (a dead process's job is taken again after it). */
  leaseMs: number;
  /** How often the queue is looked at when nothing woke the pool. */
  pollMs: number;
  /** Worlds the seat lens draws per card. */
  seatSamples: number;
  /** Claims of one job before it is failed (it broke every process that ran it). */
  maxAttempts?: number;
}

/** Where the worker's entry is: beside this file in the sources (run through tsx), beside main.js when built. */
function workerUrl(): URL {
  const here = import.meta.url;
  return here.endsWith('.ts') ? new URL('./worker.mjs', here) : new URL('./analysis-worker.js', here);
}

interface Slot {
  worker: Worker | null;
  busy: boolean;
}

export class AnalysisPool {
  /** This process's name on the jobs it claims. */
  readonly owner = `process-${randomUUID()}`;
  private readonly slots: Slot[];
  private timer: NodeJS.Timeout | null = null;
  private looking: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly options: AnalysisPoolOptions) {
    this.slots = Array.from({ length: options.size }, () => ({ worker: null, busy: false }));
  }

  start(): void {
    if (this.options.size === 0 || this.timer) return;
    this.timer = setInterval(() => this.wake(), this.options.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Looks for work now (a job was just queued here, or a thread came free). */
  wake(): void {
    if (this.stopped || this.options.size === 0) return;
    if (this.looking) {
      this.again = true;
      return;
    }
    this.looking = this.fill()
      .catch((e) => this.options.log.error({ event: 'analysisClaimFailed', message: String(e) }))
      .finally(() => {
        this.looking = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Jobs being run now in this process. */
  busy(): number {
    return this.slots.filter((s) => s.busy).length;
  }

  private async fill(): Promise<void> {
    const { store, leaseMs, maxAttempts = 3 } = this.options;
    for (const slot of this.slots) {
      if (slot.busy || this.stopped) continue;
      const job = await store.claim(this.owner, leaseMs, maxAttempts);
      if (!job) return;
      slot.busy = true;
      const run = this.run(slot, job.gameId, job.lens).finally(() => {
        slot.busy = false;
        this.running.delete(run);
        this.wake();
      });
      this.running.add(run);
    }
  }

  /** One job on one thread: the game loaded, analysed, the progress and the lease kept up, the result stored. */
  private async run(slot: Slot, gameId: string, lens: Lens): Promise<void> {
    const { store, loadGame, leaseMs, log, seatSamples } = this.options;
    let progress = 0;
    // The progress is written and the lease renewed every 2 s (at a third of the lease at most:
    // a slow renewal never lets it run out).
    const renewing = setInterval(() => {
      store.renew(gameId, lens, this.owner, progress, leaseMs).catch((e) => log.error({ event: 'analysisLeaseNotRenewed', gameId, message: String(e) }));
    }, Math.max(50, Math.min(2000, Math.floor(leaseMs / 3))));
    try {
      const game = await loadGame(gameId);
      const request: JobRequest = { lens, config: game.row.config, serverSeed: game.row.serverSeed, events: game.events, samples: seatSamples, seed: seedOf(gameId) };
      const body = await this.onThread(slot, request, (done) => (progress = done));
      if (this.stopped) return;
      if (!(await store.finish(gameId, lens, this.owner, body))) log.info({ event: 'analysisNoLongerOurs', gameId, lens });
    } catch (e) {
      if (this.stopped) return;
      log.error({ event: 'analysisFailed', gameId, lens, message: e instanceof Error ? e.message : String(e) });
      await store.fail(gameId, lens, this.owner, e instanceof Error ? e.message : String(e)).catch(() => {});
    } finally {
      clearInterval(renewing);
    }
  }

  private onThread(slot: Slot, request: JobRequest, onProgress: (done: number) => void): Promise<AnalysisBody> {
    slot.worker ??= new Worker(workerUrl());
    const worker = slot.worker;
    return new Promise<AnalysisBody>((resolve, reject) => {
      const done = () => {
        worker.off('message', message);
        worker.off('error', error);
        worker.off('exit', exit);
      };
      const message = (m: JobMessage) => {
        if (m.type === 'progress') return onProgress(m.done);
        done();
        if (m.type === 'done') resolve(m.body);
        else reject(new Error(m.error));
      };
      const error = (e: Error) => {
        done();
        slot.worker = null;
        reject(e);
      };
      const exit = (code: number) => {
        done();
        slot.worker = null;
        reject(new Error(`the analysis thread exited (${code})`));
      };
      worker.on('message', message);
      worker.on('error', error);
      worker.on('exit', exit);
      worker.postMessage(request);
    });
  }

  /**
   * Stops: no new claims, the threads ended, the jobs running here put back in the queue for
   * the next process (a restart loses no finished analysis, and redoes an interrupted one).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.looking;
    await Promise.all(this.slots.map((s) => s.worker?.terminate()));
    await Promise.allSettled([...this.running]);
    await this.options.store.release(this.owner).catch((e) => this.options.log.error({ event: 'analysisNotReleased', message: String(e) }));
  }
}

/** The seat lens's seeded draws: fixed per game, so asking again gives the same analysis. */
function seedOf(gameId: string): number {
  let h = 2166136261;
  for (let i = 0; i < gameId.length; i++) h = Math.imul(h ^ gameId.charCodeAt(i), 16777619);
  return h >>> 0;
}
