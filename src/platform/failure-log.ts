// The log of a background task that may fail again and again (the revocation list's refresh every
// few seconds, the presence lease of every open stream): a run of failures is one line when it
// starts, a reminder at most every REMIND_MS while it goes on (how many failed since the line
// before, and the latest cause), and one line when it recovers. Never more than about two lines a
// REMIND_MS, however often the task fails or flaps between failing and working.
import { scrubbedMessage } from './db/errors.ts';
import type { Logger } from './log.ts';

/** How often a failure that goes on is named again. */
export const REMIND_MS = 60_000;

export class FailureLog {
  #failing = false;
  /** When the run began (ms), how many failed in it, and whether the run has a line yet. */
  #since = 0;
  #inRun = 0;
  #logged = false;
  /** When a failure was last logged (ms), and how many failed since then without a line. */
  #lastLine = Number.NEGATIVE_INFINITY;
  #unlogged = 0;
  /** Every failure so far (the metrics' counter). */
  total = 0;

  constructor(
    private readonly log: Logger,
    /** The event of the failure lines; the recovery's is this with "Recovered" for "Failed". */
    private readonly event: string,
    private readonly clock: () => number = Date.now,
  ) {}

  /** One failure: logged (its cause scrubbed, as every log line's) when none was in REMIND_MS. */
  failed(error: unknown, fields: Record<string, unknown> = {}): void {
    const at = this.clock();
    this.total++;
    if (!this.#failing) {
      this.#failing = true;
      this.#since = at;
      this.#inRun = 0;
      this.#logged = false;
    }
    this.#inRun++;
    this.#unlogged++;
    if (at - this.#lastLine < REMIND_MS) return;
    this.log.error({ event: this.event, ...fields, failures: this.#unlogged, failingForMs: at - this.#since, message: scrubbedMessage(error) });
    this.#lastLine = at;
    this.#unlogged = 0;
    this.#logged = true;
  }

  /** The task worked: ends a run of failures, with a line when the run had one. */
  worked(fields: Record<string, unknown> = {}): void {
    if (!this.#failing) return;
    this.#failing = false;
    if (this.#logged) this.log.info({ event: this.event.replace(/Failed$/, 'Recovered'), ...fields, failures: this.#inRun, failedForMs: this.clock() - this.#since });
  }
}
