// Who a client acts for: a bearer token, renewed in time. A token the service signed says when it
// was issued (`iat`) and when it ends (`exp`); once less than a tenth of its lifetime is left, the
// next request first asks for a new one for the same player, with the same lifetime
// (`POST /v1/players/me/tokens`), and `keepRenewed` does the same on a timer for a program that
// sends nothing for long (a bot listening on its stream). The app persists the new token in
// `onRenewed`. A token the service refuses (expired, revoked, unknown) is reported once through
// `onRefused`: renewing cannot help then, only a new sign-in.
import { ApiError, problemOf, tokenRefusal, type TokenRefusal } from './errors.ts';

/** The claims a client reads from a token (unverified: the service checks them, the client only plans). */
export interface TokenClaims {
  /** Seconds since the epoch; absent: the token never expires. */
  exp?: number;
  iat?: number;
  /** The token's id, its name and scopes (tokens of this service carry them). */
  jti?: string;
  name?: string;
  scopes?: string[];
}

/** A token the service issued in place of the old one. */
export interface RenewedToken {
  token: string;
  tokenId?: string;
  name?: string;
  scopes?: string[];
  /** ISO time; null: it never expires. */
  expiresAt: string | null;
}

export interface RenewalOptions {
  /** Renew by itself before the token ends (default true). */
  renew?: boolean;
  /** Renew once less than this share of the token's lifetime is left (default 0.1). */
  renewBelow?: number;
  /** The new token's name (default: the current token's, else "renewed"). */
  tokenName?: string;
  /** A renewed token: keep it where the app keeps its token (the old one ends soon). */
  onRenewed?: (renewed: RenewedToken) => void;
  /** The service refused this token (expired, revoked, or not known there): the player must sign in again. */
  onRefused?: (refusal: TokenRefusal, error: ApiError) => void;
  /** A renewal that failed (the old token goes on being used while it lasts). */
  onRenewalFailed?: (error: unknown) => void;
  /** The clock (tests). */
  now?: () => number;
  /** The longest `keepRenewed` waits before it reads the clock again (default an hour; tests whose `now` jumps: less). */
  lookAgainMs?: number;
}

/** Sends `POST /v1/players/me/tokens` with `token`; the client provides it. */
export type Renewer = (token: string, body: { name: string; scopes?: string[]; expiresInDays?: number }) => Promise<RenewedToken>;

/** A token's claims, read without checking the signature; null when it is no JWT. */
export function claimsOf(token: string): TokenClaims | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const binary = atob(part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '='));
    const json = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))) as Record<string, unknown>;
    const scopes = Array.isArray(json.scopes) ? json.scopes : typeof json.scope === 'string' ? json.scope.split(' ') : undefined;
    return {
      exp: typeof json.exp === 'number' ? json.exp : undefined,
      iat: typeof json.iat === 'number' ? json.iat : undefined,
      jti: typeof json.jti === 'string' ? json.jti : undefined,
      name: typeof json.token_name === 'string' ? json.token_name : typeof json.name === 'string' ? json.name : undefined,
      scopes: scopes?.filter((s): s is string => typeof s === 'string'),
    };
  } catch {
    return null;
  }
}

/** The most one wait of `keepRenewed` sleeps before it looks again (timers cap at 24.8 days; laptops sleep). */
const MAX_WAIT_MS = 3_600_000;
const DAY_S = 86_400;

export class Identity {
  #token: string;
  #claims: TokenClaims | null;
  #renewable: boolean;
  #renewing: Promise<void> | null = null;
  /** After a failed renewal: not before this time again. */
  #retryAt = 0;
  #failures = 0;
  #refused: TokenRefusal | null = null;
  #renewer: Renewer | null = null;
  readonly #options: RenewalOptions;
  readonly #now: () => number;

  constructor(token: string, options: RenewalOptions = {}) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#token = token;
    this.#claims = claimsOf(token);
    this.#renewable = this.#canRenew();
  }

  get token(): string {
    return this.#token;
  }

  get claims(): TokenClaims | null {
    return this.#claims;
  }

  /** When the token ends (ms since the epoch), null for one that never does (or is no JWT). */
  get expiresAt(): number | null {
    return this.#claims?.exp === undefined ? null : this.#claims.exp * 1000;
  }

  /** From when on the token is renewed (ms since the epoch); null when it is not renewed. */
  get renewAt(): number | null {
    const c = this.#claims;
    if (!this.#renewable || c?.exp === undefined || c.iat === undefined) return null;
    const lifetime = (c.exp - c.iat) * 1000;
    return c.exp * 1000 - lifetime * (this.#options.renewBelow ?? 0.1);
  }

  /** Why the service last refused this token (null: it has not). */
  get refused(): TokenRefusal | null {
    return this.#refused;
  }

  /** The client that sends the renewals (set by the client this identity belongs to). */
  bind(renewer: Renewer): void {
    this.#renewer ??= renewer;
  }

  /** Takes another token (signed in again elsewhere, say): the refusal is forgotten. */
  use(token: string): void {
    this.#token = token;
    this.#claims = claimsOf(token);
    this.#refused = null;
    this.#failures = 0;
    this.#retryAt = 0;
    this.#renewable = this.#canRenew();
  }

  /** The token to send now: renewed first when its time has come. */
  async fresh(): Promise<string> {
    const at = this.renewAt;
    if (!this.#renewing && at !== null && this.#renewer && this.#refused === null) {
      const now = this.#now();
      if (now >= at && now >= this.#retryAt) this.#renewing = this.#renew().finally(() => (this.#renewing = null));
    }
    if (this.#renewing) await this.#renewing;
    return this.#token;
  }

  /** Renews now, whatever the time (e.g. a page opened after a while). */
  async renewNow(): Promise<void> {
    if (!this.#renewing) this.#renewing = this.#renew().finally(() => (this.#renewing = null));
    await this.#renewing;
  }

  /**
   * Renews on a timer until `signal` aborts or the token cannot be renewed (it never expires, the
   * service refused it or will not renew it). For a program that may send nothing for a long time.
   */
  async keepRenewed(signal?: AbortSignal): Promise<void> {
    while (!signal?.aborted) {
      const at = this.renewAt;
      if (at === null || this.#refused !== null) return;
      const wait = Math.max(at, this.#retryAt) - this.#now();
      if (wait > 0) {
        await sleep(Math.min(wait, this.#options.lookAgainMs ?? MAX_WAIT_MS), signal);
        continue;
      }
      await this.fresh();
    }
  }

  /** The answer to a request sent with `token`: a refusal of the current token is remembered and reported. */
  async noticeAnswer(token: string, response: { status: number; clone?: () => unknown; json(): Promise<unknown> }): Promise<void> {
    if (response.status !== 401 || token !== this.#token) return;
    const copy = (typeof response.clone === 'function' ? response.clone() : response) as { json(): Promise<unknown> };
    const error = new ApiError(401, problemOf(await copy.json().catch(() => null)), 'the token');
    const refusal = tokenRefusal(error);
    if (refusal) this.#refuse(refusal, error);
  }

  #refuse(refusal: TokenRefusal, error: ApiError): void {
    if (this.#refused !== null) return;
    this.#refused = refusal;
    this.#options.onRefused?.(refusal, error);
  }

  #canRenew(): boolean {
    const c = this.#claims;
    return (this.#options.renew ?? true) && c?.exp !== undefined && c.iat !== undefined && c.exp > c.iat;
  }

  async #renew(): Promise<void> {
    const c = this.#claims;
    const renewer = this.#renewer;
    if (!renewer || !c || c.exp === undefined || c.iat === undefined) return;
    const old = this.#token;
    const body = { name: this.#options.tokenName ?? c.name ?? 'renewed', ...(c.scopes ? { scopes: c.scopes } : {}) };
    try {
      let renewed: RenewedToken;
      try {
        // The same lifetime, in whole days; a shorter one is the service's default (JWT_TTL_SECONDS).
        const days = Math.round((c.exp - c.iat) / DAY_S);
        renewed = await renewer(old, days >= 1 ? { ...body, expiresInDays: days } : body);
      } catch (e) {
        // A service that takes whole days only: its own default lifetime then.
        if (!(e instanceof ApiError) || (e.status !== 400 && e.status !== 422) || e.code === 'INSUFFICIENT_SCOPE') throw e;
        renewed = await renewer(old, body);
      }
      if (this.#token !== old) return; // another token was taken meanwhile
      this.use(renewed.token);
      this.#options.onRenewed?.(renewed);
    } catch (e) {
      const refusal = tokenRefusal(e);
      if (refusal) this.#refuse(refusal, e as ApiError);
      // Refused for good (a read-only token, a token of another issuer, a service without renewal):
      // the token is used as it is until it ends.
      else if (e instanceof ApiError && e.status >= 400 && e.status < 500 && e.status !== 408 && e.status !== 429) this.#renewable = false;
      else this.#retryAt = this.#now() + Math.min(60_000, ((c.exp - c.iat) * 1000) / 20, 1_000 * 2 ** this.#failures++);
      this.#options.onRenewalFailed?.(e);
    }
  }
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
