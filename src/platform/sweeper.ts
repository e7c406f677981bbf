// Retention: the features' sweeps (waiting games and matches nobody joined expire, ended seeks and
// the answers kept for idempotent moves and creates go after a day), run together every
// SWEEP_INTERVAL_SECONDS. One sweep at a time across every process of the database: an advisory lock.
import type { Database } from './db/client.ts';
import { scrubbedMessage } from './db/errors.ts';
import type { Sweep } from './feature.ts';
import type { Logger } from './log.ts';

/** Any fixed number: every process of this service takes turns on it ("Swep"). */
export const SWEEP_LOCK = 0x53_77_65_70;

export interface SweeperDeps {
  database: Pick<Database, 'withAdvisoryLock'>;
  /** Every feature's sweeps (and the platform's own), in the app's order. */
  sweeps: Sweep[];
  now: () => Date;
  log: Logger;
  /** Answers kept for idempotent moves and creates go this long after the request. */
  idempotencyTtlMs: number;
}

/** Whether this process swept (false: another one was at it), and what the sweeps ended, by name. */
export interface SweepOutcome {
  swept: boolean;
  /** `games`, `matches`, `seeks` ended, `answers` forgotten (each sweep names its own). */
  ended: Record<string, number>;
}

export class Sweeper {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<SweepOutcome> | null = null;

  constructor(private readonly deps: SweeperDeps) {}

  /** One sweep, unless another process (or this one) is sweeping now. */
  async sweep(): Promise<SweepOutcome> {
    const { database, sweeps, now, idempotencyTtlMs } = this.deps;
    const ended: Record<string, number> = {};
    const swept = await database.withAdvisoryLock(SWEEP_LOCK, async () => {
      const context = { at: now(), idempotencyTtlMs, attempt: (expire: () => Promise<void>, id: string) => this.attempt(expire, id) };
      for (const sweep of sweeps) for (const [name, n] of Object.entries(await sweep(context))) ended[name] = (ended[name] ?? 0) + n;
    });
    return { swept, ended };
  }

  /** One expiry; one that fails (the game changed twice meanwhile) is logged and left for the next sweep. */
  private async attempt(expire: () => Promise<void>, id: string): Promise<boolean> {
    try {
      await expire();
      return true;
    } catch (e) {
      this.deps.log.error({ event: 'expiryFailed', id, message: scrubbedMessage(e) });
      return false;
    }
  }

  /** Sweeps every `intervalMs` (the timer keeps no process alive). */
  start(intervalMs: number): void {
    if (this.timer || intervalMs <= 0) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.sweep()
        .catch((e: unknown) => {
          this.deps.log.error({ event: 'sweepFailed', message: scrubbedMessage(e) });
          return { swept: false, ended: {} };
        })
        .finally(() => (this.running = null));
    }, intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and waits for a sweep in flight. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
