// Which tokens are revoked, known to every process without a database read per request: each
// process keeps the list in memory (revoked token ids not yet expired, and per player the cut-off
// for its tokens from before accounts) and reads it again when any process announces a change
// through the notifier (LISTEN/NOTIFY, as games are woken), when the listening connection was
// lost, and every REFRESH_MS in any case (a missed announcement costs at most that long).
// A refresh reads only what changed: the revocations stamped since the last read began, less
// OVERLAP_MS (a revocation is stamped by its process's clock before its write commits: the overlap
// covers clocks a little apart and a write that commits late), and drops the entries that expired
// (once a refresh interval at most). The whole list is read every FULL_READ_MS all the same, for a
// write later still: so a revocation costs the same however long the list has grown.
// A refresh that fails leaves the list as it was: the failures are logged (FailureLog: the first,
// a reminder a minute, the recovery), counted in the metrics, and a list older than
// STALE_AFTER_REFRESHES intervals makes the process not ready (GET /readyz).
import type { RevocationCheck } from '../platform/auth/tokens.ts';
import { FailureLog } from '../platform/failure-log.ts';
import type { Logger } from '../platform/log.ts';
import type { AccountStore } from './store.ts';
import type { Notifier, VersionObserver } from '../platform/streams/notifier.ts';

/** The notifier key every revocation (and key rotation) is announced under. */
export const AUTH_KEY = 'auth:changed';
/** The fallback: how old the list may grow when an announcement was lost. */
export const REFRESH_MS = 10_000;
/** How many refresh intervals the list may miss before the process is not ready: a token revoked since may still pass. */
export const STALE_AFTER_REFRESHES = 3;
/** How far before the last read began the next one reads again (see above). */
export const OVERLAP_MS = 10_000;
/** How often the list is read whole all the same (ms, of `clock`). */
export const FULL_READ_MS = 60_000;

export interface RevocationOptions {
  store: AccountStore;
  notifier: Notifier;
  now: () => Date;
  /** The longest lifetime of a token from before accounts (JWT_TTL_SECONDS): older cut-offs refuse nothing. */
  legacyTtlMs: number;
  /** Also read again after every refresh (the signing keys: see keyring.ts). */
  onRefresh?: () => Promise<void>;
  refreshMs?: number;
  log: Logger;
  /** Real time (ms) for the list's age: `now` may be a test's fixed clock. */
  clock?: () => number;
}

export class RevocationCache implements RevocationCheck, VersionObserver {
  /** Revoked token ids, each with its expiry (ms; Infinity: never): dropped once expired. */
  #tokens = new Map<string, number>();
  /** Per player, the cut-off (ms) for its tokens from before accounts. */
  #legacy = new Map<string, number>();
  /** Revocations stamped at or after this (ms, of `now`) are read by the next refresh; null: read the whole list. */
  #since: number | null = null;
  /** When the list was last read whole (ms, of `clock`). */
  #fullAt = 0;
  /** When expired entries were last dropped (ms, of `clock`): once a refresh interval at most, a walk over the whole list. */
  #sweptAt = 0;
  #running: Promise<void> | null = null;
  #again = false;
  #timer: ReturnType<typeof setInterval> | null = null;
  readonly #failures: FailureLog;
  readonly #clock: () => number;
  /** When the list was last read (ms, of `clock`). */
  refreshedAt = 0;

  constructor(private readonly options: RevocationOptions) {
    this.#clock = options.clock ?? Date.now;
    this.#failures = new FailureLog(options.log, 'revocationsRefreshFailed', this.#clock);
  }

  /** How long ago the list was last read (ms). */
  ageMs(): number {
    return this.#clock() - this.refreshedAt;
  }

  /** Whether the list was read within STALE_AFTER_REFRESHES intervals. */
  fresh(): boolean {
    return this.ageMs() <= STALE_AFTER_REFRESHES * (this.options.refreshMs ?? REFRESH_MS);
  }

  /** Refreshes that failed so far. */
  failures(): number {
    return this.#failures.total;
  }

  /** Reads the list now and keeps it fresh from then on. */
  async start(): Promise<void> {
    this.options.notifier.observe(this);
    await this.refresh();
    this.#timer = setInterval(() => this.#refreshNow(), this.options.refreshMs ?? REFRESH_MS);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  revoked(playerId: string, tokenId: string | null, issuedAt: number | undefined): boolean {
    if (tokenId !== null) return this.#tokens.has(tokenId);
    const before = this.#legacy.get(playerId);
    return before !== undefined && (issuedAt === undefined || issuedAt * 1000 <= before);
  }

  /** A change was written here: read the list (so this process refuses at once) and tell the others. */
  async changed(): Promise<void> {
    await this.refresh();
    await this.options.notifier.publish(AUTH_KEY, Date.now());
  }

  heard(key: string): void {
    if (key === AUTH_KEY) this.#refreshNow();
  }

  reset(): void {
    this.#refreshNow();
  }

  /** A refresh nobody waits for: its failure is logged and counted by refresh itself, nothing more to do. */
  #refreshNow(): void {
    this.refresh().catch(() => {});
  }

  /** Reads the list; a call while one is running makes one more read after it (never a stale answer). */
  refresh(): Promise<void> {
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = (async () => {
      try {
        do {
          this.#again = false;
          await this.#read();
          await this.options.onRefresh?.();
          this.refreshedAt = this.#clock();
        } while (this.#again);
        this.#failures.worked();
      } catch (e) {
        // The list's age: null before it was ever read (the start fails then).
        this.#failures.failed(e, { listAgeSeconds: this.refreshedAt === 0 ? null : Math.round(this.ageMs() / 1000) });
        throw e;
      } finally {
        this.#running = null;
      }
    })();
    return this.#running;
  }

  /** Reads what changed since the last read (or the whole list), and drops what expired. */
  async #read(): Promise<void> {
    const { store, now, legacyTtlMs } = this.options;
    const began = now().getTime();
    const whole = this.#since === null || this.#clock() - this.#fullAt >= FULL_READ_MS;
    const { tokens, legacy } = await store.revocations(now(), legacyTtlMs, whole ? null : new Date(this.#since as number));
    const tokenIds = whole ? new Map<string, number>() : this.#tokens;
    const cutOffs = whole ? new Map<string, number>() : this.#legacy;
    for (const t of tokens) tokenIds.set(t.id, t.expiresAt?.getTime() ?? Infinity);
    for (const l of legacy) cutOffs.set(l.playerId, l.before.getTime());
    // An expired token is refused as such; a cut-off older than a legacy token's lifetime refuses
    // nothing. (A whole read holds none of them.)
    if (!whole && this.#clock() - this.#sweptAt >= (this.options.refreshMs ?? REFRESH_MS)) {
      const at = now().getTime();
      for (const [id, expiresAt] of tokenIds) if (expiresAt <= at) tokenIds.delete(id);
      for (const [playerId, before] of cutOffs) if (before <= at - legacyTtlMs) cutOffs.delete(playerId);
      this.#sweptAt = this.#clock();
    }
    this.#tokens = tokenIds;
    this.#legacy = cutOffs;
    if (whole) this.#fullAt = this.#sweptAt = this.#clock();
    this.#since = began - OVERLAP_MS;
  }
}
