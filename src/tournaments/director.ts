// Each process's director: a timer that runs the tournaments' tick (TOURNAMENT_TICK_MS), and a
// nudge when one of their games ends so the next pairing need not wait for the timer. Every
// process runs one; the tournament's row lock makes each step happen once.
import { scrubbedMessage } from '../platform/db/errors.ts';
import type { Logger } from '../platform/log.ts';
import type { TournamentService } from './service.ts';

export class TournamentDirector {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<unknown> | null = null;
  private again = false;

  constructor(
    private readonly tournaments: TournamentService,
    private readonly log: Logger,
  ) {}

  /** Ticks every `intervalMs` (the timer keeps no process alive). */
  start(intervalMs: number): void {
    if (this.timer || intervalMs <= 0) return;
    this.timer = setInterval(() => this.poke(), intervalMs);
    this.timer.unref();
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
  tick(): Promise<number> {
    return this.tournaments.tick();
  }

  /** Stops the timer and waits for a tick in flight. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.again = false;
    await this.running;
  }
}
