// Which tokens are revoked, known to every process without a database read per request: each
// process keeps the list in memory (revoked token ids not yet expired, and per player the cut-off
// for its tokens from before accounts) and reads it again when any process announces a change
// through the notifier (LISTEN/NOTIFY, as games are woken), when the listening connection was
// lost, and every REFRESH_MS in any case (a missed announcement costs at most that long).
import type { RevocationCheck } from '../platform/auth/tokens.ts';
import type { AccountStore } from './store.ts';
import type { Notifier, VersionObserver } from '../platform/streams/notifier.ts';

/** The notifier key every revocation (and key rotation) is announced under. */
export const AUTH_KEY = 'auth:changed';
/** The fallback: how old the list may grow when an announcement was lost. */
export const REFRESH_MS = 10_000;

export interface RevocationOptions {
  store: AccountStore;
  notifier: Notifier;
  now: () => Date;
  /** The longest lifetime of a token from before accounts (JWT_TTL_SECONDS): older cut-offs refuse nothing. */
  legacyTtlMs: number;
  /** Also read again after every refresh (the signing keys: see keyring.ts). */
  onRefresh?: () => Promise<void>;
  refreshMs?: number;
}

export class RevocationCache implements RevocationCheck, VersionObserver {
  #tokenIds = new Set<string>();
  #legacy = new Map<string, number>();
  #running: Promise<void> | null = null;
  #again = false;
  #timer: ReturnType<typeof setInterval> | null = null;
  /** When the list was last read (ms), for tests and metrics. */
  refreshedAt = 0;

  constructor(private readonly options: RevocationOptions) {}

  /** Reads the list now and keeps it fresh from then on. */
  async start(): Promise<void> {
    this.options.notifier.observe(this);
    await this.refresh();
    this.#timer = setInterval(() => void this.refresh().catch(() => {}), this.options.refreshMs ?? REFRESH_MS);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  revoked(playerId: string, tokenId: string | null, issuedAt: number | undefined): boolean {
    if (tokenId !== null) return this.#tokenIds.has(tokenId);
    const before = this.#legacy.get(playerId);
    return before !== undefined && (issuedAt === undefined || issuedAt * 1000 <= before);
  }

  /** A change was written here: read the list (so this process refuses at once) and tell the others. */
  async changed(): Promise<void> {
    await this.refresh();
    await this.options.notifier.publish(AUTH_KEY, Date.now());
  }

  heard(key: string): void {
    if (key === AUTH_KEY) void this.refresh().catch(() => {});
  }

  reset(): void {
    void this.refresh().catch(() => {});
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
          const { tokenIds, legacy } = await this.options.store.revocations(this.options.now(), this.options.legacyTtlMs);
          this.#tokenIds = new Set(tokenIds);
          this.#legacy = new Map(legacy.map((l) => [l.playerId, l.before.getTime()]));
          await this.options.onRefresh?.();
          this.refreshedAt = Date.now();
        } while (this.#again);
      } finally {
        this.#running = null;
      }
    })();
    return this.#running;
  }
}
