// Each process's director: a timer that runs the tournaments' tick (TOURNAMENT_TICK_MS), a tick at
// the next tournament's moment when that comes before the timer's (a start is kept to the
// moment, not to the tick), and a nudge when one of their games ends so the next pairing need not
// wait for the timer. Every process runs one; the tournament's row lock makes each step happen
// once. A tick reads only the tournaments due (the due queue, tournaments.next_at), so idle ones
// cost it nothing.
import { scrubbedMessage } from '../platform/db/errors.ts';
import type { Logger } from '../platform/log.ts';
import type { TickReport, TournamentService } from './service.ts';

export class TournamentDirector {
  private timer: ReturnType<typeof setInterval> | null = null;
  /** The tick at the next tournament's moment, when it comes before the timer's. */
  private soon: ReturnType<typeof setTimeout> | null = null;
  private intervalMs = 0;
  private running: Promise<unknown> | null = null;
  private again = false;

  constructor(
    private readonly tournaments: TournamentService,
    private readonly log: Logger,
  ) {}

  /** Ticks every `intervalMs` (the timers keep no process alive), after waking what a dead process may have left asleep. */
  start(intervalMs: number): void {
    if (this.timer || intervalMs <= 0) return;
    this.intervalMs = intervalMs;
    this.timer = setInterval(() => this.poke(), intervalMs);
    this.timer.unref();
    this.running = this.tournaments
      .recover()
      .catch((e: unknown) => this.log.error({ event: 'tournamentRecoverFailed', message: scrubbedMessage(e) }))
      .finally(() => {
        this.running = null;
        this.poke();
      });
  }

  /** A tick now, or right after the one running (a game of a tournament ended). */
  poke(): void {
    if (!this.timer) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.tournaments
      .tick()
      .then(() => this.schedule())
      .catch((e: unknown) => this.log.error({ event: 'tournamentTickFailed', message: scrubbedMessage(e) }))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.poke();
        }
      });
  }

  /** One tick now, awaited: a test that moves the clock steps the director by hand (the timer need not run). */
  tick(): Promise<TickReport> {
    return this.tournaments.tick();
  }

  /** Stops the timers and waits for a tick in flight. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.soon) clearTimeout(this.soon);
    this.timer = null;
    this.soon = null;
    this.again = false;
    await this.running;
  }

  /**
   * A tick at the soonest moment to come, if the timer's comes later. Only a moment still ahead:
   * a tournament due already whose step failed waits for the timer, so a failure never spins.
   */
  private async schedule(): Promise<void> {
    const ms = await this.tournaments.untilNextDue();
    if (!this.timer || ms === null || ms <= 0 || ms >= this.intervalMs) return;
    if (this.soon) clearTimeout(this.soon);
    this.soon = setTimeout(() => {
      this.soon = null;
      this.poke();
    }, ms);
    this.soon.unref();
  }
}
