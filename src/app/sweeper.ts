// Retention: waiting games and matches nobody joined expire (they are called off, and their
// players hear of it on their streams), and the answers kept for idempotent moves and creates go after a
// day. One sweep at a time across every process of the database: an advisory lock.
import type { Database } from '../platform/db/client.ts';
import type { CreateAnswerStore } from '../platform/db/create-answers.ts';
import { scrubbedMessage } from '../platform/db/errors.ts';
import type { GameRepository, GameService } from '../games/index.ts';
import type { Logger } from '../platform/log.ts';
import type { MatchService } from '../matches/index.ts';
import type { SeekService } from '../seeks/index.ts';

/** Any fixed number: every process of this service takes turns on it ("Swep"). */
export const SWEEP_LOCK = 0x53_77_65_70;
/** Games and matches expired per sweep at most (the next sweep takes the rest). */
const BATCH = 200;

export interface SweeperDeps {
  database: Pick<Database, 'withAdvisoryLock'>;
  games: GameService;
  repository: GameRepository;
  matches: MatchService;
  /** The pairing pool: seeks past SEEK_TTL_SECONDS end, and whileConnected ones without a stream. */
  seeks?: SeekService;
  /** A whileConnected seek made this long ago whose owner holds no stream anywhere ends (the presence lease). */
  seekGraceMs?: number;
  /** The answers kept for keyed create calls (forgotten with the moves' kept answers). */
  createAnswers: CreateAnswerStore;
  now: () => Date;
  log: Logger;
  /** A waiting game or match expires this long after it was created. */
  waitingTtlMs: number;
  /** Answers kept for idempotent moves and creates go this long after the request. */
  idempotencyTtlMs: number;
  /** The apps' codes and device requests long expired (src/oauth). */
  oauth?: { sweep(): Promise<void> };
}

export interface SweepOutcome {
  /** Whether this process swept (false: another one was at it). */
  swept: boolean;
  games: number;
  matches: number;
  answers: number;
  /** Seeks ended: past their time, or their owner's streams gone. */
  seeks: number;
}

export class Sweeper {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<SweepOutcome> | null = null;

  constructor(private readonly deps: SweeperDeps) {}

  /** One sweep, unless another process (or this one) is sweeping now. */
  async sweep(): Promise<SweepOutcome> {
    const { database, games, repository, matches, createAnswers, now, waitingTtlMs, idempotencyTtlMs } = this.deps;
    const outcome: SweepOutcome = { swept: false, games: 0, matches: 0, answers: 0, seeks: 0 };
    outcome.swept = await database.withAdvisoryLock(SWEEP_LOCK, async () => {
      const before = new Date(now().getTime() - waitingTtlMs);
      // Each expiry is the ordinary command, guarded by the game's version: a join that comes
      // first wins, and the game is left as it is.
      for (const id of await repository.waitingSince(before, BATCH)) if (await this.tried(() => games.expire(id), id)) outcome.games++;
      for (const id of await matches.waitingSince(before, BATCH)) if (await this.tried(() => matches.expire(id), id)) outcome.matches++;
      const answersBefore = new Date(now().getTime() - idempotencyTtlMs);
      outcome.answers = (await repository.forgetIdempotentBefore(answersBefore)) + (await createAnswers.forgetBefore(answersBefore));
      if (this.deps.seeks) {
        // Ended seeks are kept as long as kept answers: a client reads its seek's end soon, or never.
        const swept = await this.deps.seeks.sweep(this.deps.seekGraceMs ?? 0, idempotencyTtlMs);
        outcome.seeks = swept.expired + swept.disconnected;
      }
      await this.deps.oauth?.sweep();
    });
    return outcome;
  }

  /** One expiry; one that fails (the game changed twice meanwhile) is logged and left for the next sweep. */
  private async tried(expire: () => Promise<void>, id: string): Promise<boolean> {
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
          return { swept: false, games: 0, matches: 0, answers: 0, seeks: 0 };
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
