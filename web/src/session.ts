// What the browser keeps (localStorage, per API): the player's token (a guest's or an account's,
// renewed by itself; a refused one signs the page out with the reason), the computer's token, and the
// games this browser created or joined (the fallback list of "my games"). And where the API is:
// this site, or another origin named once with ?api=https://… (kept), or by the page's
// <meta name="offiziersskat-api">; that service then needs this site in its CORS_ORIGINS.
import { createClient, Identity, type AccountToken, type Session as SignedIn, type SkatClient, type TokenRefusal } from '@offiziersskat/client';

const KEY = 'offiziersskat';

function read<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(`${KEY}:${key}`);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) localStorage.removeItem(`${KEY}:${key}`);
    else localStorage.setItem(`${KEY}:${key}`, JSON.stringify(value));
  } catch {
    // storage full or off: the session lasts as long as the page
  }
}

/** The API's origin: '' for this site. */
export function apiBase(): string {
  const asked = new URLSearchParams(location.search).get('api');
  if (asked !== null) {
    const base = asked.replace(/\/+$/, '');
    write('api', base || null);
    return base;
  }
  const stored = read<string>('api');
  if (stored) return stored;
  return document.querySelector<HTMLMetaElement>('meta[name="offiziersskat-api"]')?.content.replace(/\/+$/, '') ?? '';
}

/** Who this browser plays as: a guest's or an account's player and its token (renewed in place). */
export interface StoredPlayer {
  playerId: string;
  name: string;
  token: string;
  /** ISO time; null: the token never expires. */
  expiresAt: string | null;
  /** The account's username; null for a guest. */
  username?: string | null;
  bot?: boolean;
}

/** A token this browser still may use (the service has the last word). */
const valid = <P extends { expiresAt: string | null }>(p: P | null) => (p && (p.expiresAt === null || Date.parse(p.expiresAt) > Date.now()) ? p : null);
const expired = (p: { expiresAt: string | null } | null) => Boolean(p && p.expiresAt !== null && Date.parse(p.expiresAt) <= Date.now());

/** A visit renews a token older than this: whoever comes back within its lifetime (30 days) never finds it expired. */
const RENEW_ON_VISIT_MS = 24 * 3_600_000;

export interface KnownGame {
  id: string;
  kind: 'game' | 'match';
  at: string;
}

export class Session {
  readonly base: string;
  /** A client without a token: the spectator's, and the one that creates players. */
  readonly anonymous: SkatClient;
  /** Why the service last refused this browser's token (the sign-in screen says it); null: it has not. */
  refusal: TokenRefusal | null = null;
  /** Told when the service refuses the player's token (the page then shows the sign-in). */
  onRefused: (why: TokenRefusal) => void = () => {};
  #identity: Identity | null = null;
  #computerIdentity: Identity | null = null;

  constructor(base = apiBase()) {
    this.base = base;
    this.anonymous = createClient({ baseUrl: base });
  }

  /** The stored player, whatever this device's clock says of its token: the service decides (a refusal signs out). */
  get player(): StoredPlayer | null {
    return read<StoredPlayer>(`player:${this.base}`);
  }

  set player(p: StoredPlayer | null) {
    write(`player:${this.base}`, p);
    if (p?.username) write(`username:${this.base}`, p.username);
    this.#identity = null;
    if (p) this.refusal = null;
  }

  /** The client acting for the signed-in player (its token renews itself), or the anonymous one. */
  get client(): SkatClient {
    const p = this.player;
    if (!p) return this.anonymous;
    // Another tab may have renewed the token or signed in anew: the stored one is the truth.
    if (this.#identity?.token !== p.token) {
      this.#identity = new Identity(p.token, {
        onRenewed: (renewed) => {
          const now = read<StoredPlayer>(`player:${this.base}`);
          if (now?.playerId === p.playerId) write(`player:${this.base}`, { ...now, token: renewed.token, expiresAt: renewed.expiresAt });
        },
        onRefused: (why) => this.#refused(p.token, why),
      });
    }
    return this.anonymous.withToken(this.#identity);
  }

  /**
   * At the page's start: a stored token that has expired is a refusal (the sign-in says so, instead
   * of a spectator's view of one's own games); one older than a day is renewed now.
   */
  async start(): Promise<void> {
    const stored = read<StoredPlayer>(`player:${this.base}`);
    if (expired(stored)) {
      write(`player:${this.base}`, null);
      this.refusal = 'expired';
      return;
    }
    const identity = this.player ? this.client.identity : undefined;
    const issued = identity?.claims?.iat;
    if (identity && identity.renewAt !== null && issued !== undefined && Date.now() - issued * 1000 > RENEW_ON_VISIT_MS) await identity.renewNow();
  }

  /**
   * Renews the tokens in use when their time has come, also while the page sends nothing (a
   * game where the other player thinks long): looked at every few seconds, a request only when due.
   */
  keepFresh(everyMs = 5_000): void {
    let ticks = 0;
    setInterval(() => {
      if (this.player) void this.client.identity?.fresh();
      if (this.computerPlayer) void this.computerClient?.identity?.fresh();
      // Every other tick while the page is shown, "who am I": a token revoked elsewhere brings the
      // sign-in within seconds, also on a page that sends nothing (a game waiting for a player).
      if (++ticks % 2 === 0 && this.player && document.visibilityState === 'visible') void this.client.me().catch(() => {});
    }, everyMs);
  }

  #refused(token: string, why: TokenRefusal): void {
    if (read<StoredPlayer>(`player:${this.base}`)?.token !== token) return;
    write(`player:${this.base}`, null);
    this.#identity = null;
    this.refusal = why;
    this.onRefused(why);
  }

  /** A new guest player. */
  async signIn(name: string): Promise<StoredPlayer> {
    const p = await this.anonymous.createPlayer(name);
    this.player = { ...p, username: null, bot: false };
    return this.player!;
  }

  /** Signed up, signed in, or claimed: the account's player from now on (a sign-in asks its name). */
  async useAccount(a: AccountToken | SignedIn): Promise<StoredPlayer> {
    const who = 'name' in a ? a : await this.anonymous.withToken(a.token, { renew: false }).me();
    this.player = { playerId: a.playerId, name: who.name, token: a.token, expiresAt: a.expiresAt, username: a.username, bot: who.bot };
    return this.player!;
  }

  /** Forgets the player here (a refusal already noted is kept for the sign-in screen to say). */
  signOut(): void {
    write(`player:${this.base}`, null);
    this.#identity = null;
  }

  /** The player's own choice: no refusal to tell of. */
  signOutByChoice(): void {
    this.signOut();
    this.refusal = null;
  }

  /** The username this browser last signed in with (the sign-in after an expiry fills it in). */
  get lastUsername(): string | null {
    return read<string>(`username:${this.base}`);
  }

  /** The computer's own guest identity (one per browser and API), made when first needed. */
  async computer(name: string): Promise<StoredPlayer> {
    const stored = this.computerPlayer;
    if (stored) return stored;
    const p = await this.anonymous.createPlayer(name);
    write(`computer:${this.base}`, p);
    return p;
  }

  /** The client playing the computer's seat: its token renews itself too. */
  get computerClient(): SkatClient | null {
    const p = this.computerPlayer;
    if (!p) return null;
    if (this.#computerIdentity?.token !== p.token)
      this.#computerIdentity = new Identity(p.token, {
        onRenewed: (renewed) => write(`computer:${this.base}`, { ...p, token: renewed.token, expiresAt: renewed.expiresAt }),
        onRefused: () => this.forgetComputer(),
      });
    return this.anonymous.withToken(this.#computerIdentity);
  }

  /** A stored computer the service no longer knows (its token refused): a new one is made next. */
  forgetComputer(): void {
    write(`computer:${this.base}`, null);
  }

  /** The computer's identity if this browser made one (it plays wherever it sits). */
  get computerPlayer(): StoredPlayer | null {
    return valid(read<StoredPlayer>(`computer:${this.base}`));
  }

  /** Games and matches this browser took part in, newest first (at most 20). */
  get known(): KnownGame[] {
    return read<KnownGame[]>(`games:${this.base}`) ?? [];
  }

  /** A remembered game the service no longer knows (another database behind the same address). */
  forget(id: string): void {
    write(`games:${this.base}`, this.known.filter((g) => g.id !== id));
  }

  remember(id: string, kind: KnownGame['kind'] = 'game'): void {
    const list = this.known.filter((g) => g.id !== id);
    list.unshift({ id, kind, at: new Date().toISOString() });
    write(`games:${this.base}`, list.slice(0, 20));
  }
}

export function storedLanguage(): string | null {
  return read<string>('lang');
}

export function storeLanguage(language: string): void {
  write('lang', language);
}
