// What the browser keeps (localStorage, per API): the guest token, the computer's token, and the
// games this browser created or joined (the fallback list of "my games"). And where the API is:
// this site, or another origin named once with ?api=https://… (kept), or by the page's
// <meta name="offiziersskat-api">; that service then needs this site in its CORS_ORIGINS.
import { createClient, type PlayerToken, type SkatClient } from '../../src/client/index.ts';

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

const valid = (p: PlayerToken | null) => (p && Date.parse(p.expiresAt) > Date.now() + 60_000 ? p : null);

export interface KnownGame {
  id: string;
  kind: 'game' | 'match';
  at: string;
}

export class Session {
  readonly base: string;
  /** A client without a token: the spectator's, and the one that creates players. */
  readonly anonymous: SkatClient;

  constructor(base = apiBase()) {
    this.base = base;
    this.anonymous = createClient({ baseUrl: base });
  }

  get player(): PlayerToken | null {
    return valid(read<PlayerToken>(`player:${this.base}`));
  }

  set player(p: PlayerToken | null) {
    write(`player:${this.base}`, p);
  }

  /** The client acting for the signed-in player, or the anonymous one. */
  get client(): SkatClient {
    const p = this.player;
    return p ? this.anonymous.withToken(p.token) : this.anonymous;
  }

  async signIn(name: string): Promise<PlayerToken> {
    const p = await this.anonymous.createPlayer(name);
    this.player = p;
    return p;
  }

  signOut(): void {
    this.player = null;
  }

  /** The computer's own guest identity (one per browser and API), made when first needed. */
  async computer(name: string): Promise<PlayerToken> {
    const stored = valid(read<PlayerToken>(`computer:${this.base}`));
    if (stored) return stored;
    const p = await this.anonymous.createPlayer(name);
    write(`computer:${this.base}`, p);
    return p;
  }

  /** A stored computer the service no longer knows (its token refused): a new one is made next. */
  forgetComputer(): void {
    write(`computer:${this.base}`, null);
  }

  /** The computer's identity if this browser made one (it plays wherever it sits). */
  get computerPlayer(): PlayerToken | null {
    return valid(read<PlayerToken>(`computer:${this.base}`));
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
