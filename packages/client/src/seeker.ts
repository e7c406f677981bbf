// Keeping one seek open while idle (a bot of the pairing pool): `idle()` when the bot has nothing
// to play makes sure one seek of its waits in the pool (a new one when the last was paired, or
// has ended: withdrawn, expired, or its stream gone); the games it is paired into come as
// `gameStart` (`matchStart`) on the player's own stream, or at once in the seek's answer. Hand it
// the stream's `seekEnded` events (`ended`): it seeks again at once; without them it looks again
// when the seek's time is up.
import type { SkatClient } from './client.ts';
import type { CreateSeek, Seek } from './types.ts';

export interface SeekKeeperOptions {
  /** Told of every seek made (waiting or paired at once). */
  onSeek?: (seek: Seek) => void;
  /** A seek refused or failed; the keeper tries again at the next `idle()` (or after `retryMs`). */
  onError?: (error: unknown) => void;
  /** How long after a failure the keeper tries again by itself (default 5 s). */
  retryMs?: number;
}

export class SeekKeeper {
  private current: Seek | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private busy = false;
  private stopped = false;
  private seeking: Promise<void> | null = null;

  constructor(
    private readonly client: SkatClient,
    private readonly body: CreateSeek,
    private readonly options: SeekKeeperOptions = {},
  ) {}

  /** The seek made last (null before the first). */
  get seek(): Seek | null {
    return this.current;
  }

  /** The bot has nothing to play: one seek of it waits from now on (made now, unless one waits already). */
  idle(): Promise<void> {
    this.busy = false;
    return this.look();
  }

  /** One look at the seek (at most one at a time): a new one when none waits and the bot is idle. */
  private look(): Promise<void> {
    this.seeking ??= this.ensure().finally(() => (this.seeking = null));
    return this.seeking;
  }

  /**
   * The player's stream said a seek ended unpaired (`seekEnded`): when it is the one the keeper
   * holds, a new one is made now (if the bot is idle) instead of at the seek's expiry.
   */
  ended(seekId: string, reason: 'withdrawn' | 'expired' | 'disconnected'): Promise<void> {
    if (this.current?.seekId !== seekId || this.current.status !== 'waiting') return Promise.resolve();
    this.current = { ...this.current, status: reason };
    this.clearTimer();
    return this.look();
  }

  /** The bot plays now (a seek was paired): no new seek until the next `idle()`. */
  playing(): void {
    this.busy = true;
    this.clearTimer();
  }

  /** No more seeks: a waiting one is withdrawn. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.clearTimer();
    await this.seeking?.catch(() => {});
    if (this.current?.status === 'waiting') await this.client.withdrawSeek(this.current.seekId).catch(() => {});
  }

  private async ensure(): Promise<void> {
    if (this.stopped || this.busy) return;
    try {
      // The last seek may still wait (or have been paired meanwhile: then its game is on the stream).
      if (this.current?.status === 'waiting') this.current = await this.client.getSeek(this.current.seekId);
      if (this.current?.status === 'waiting') return this.expireAt(this.current);
      // Its game has not come on the stream yet (else the bot would be playing): look again shortly.
      if (this.current?.status === 'paired' && this.pairedRecently()) return this.later(2000);
      const seek = await this.client.createSeek(this.body);
      this.current = seek;
      this.options.onSeek?.(seek);
      if (seek.status === 'waiting') this.expireAt(seek);
      else this.busy = true;
    } catch (e) {
      this.options.onError?.(e);
      this.later(this.options.retryMs ?? 5000);
    }
  }

  /**
   * A seek paired in its own answer makes the bot busy only once its gameStart arrives on the
   * stream: an idle() in between (another game's end) must not seek a second game.
   */
  private pairedRecently(): boolean {
    const ended = this.current?.endedAt ? Date.parse(this.current.endedAt) : 0;
    return Date.now() - ended < 2000;
  }

  /** Looks again when the seek's time is up (it has then expired, unless it was paired). */
  private expireAt(seek: Seek): void {
    this.later(Math.max(0, Date.parse(seek.expiresAt) - Date.now()) + 250);
  }

  private later(ms: number): void {
    this.clearTimer();
    if (this.stopped || this.busy) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.look();
    }, ms);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
