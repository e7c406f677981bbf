// The revoked grants every process refuses the access tokens of, without a database read per
// request: read again with the accounts' revocation list (its onRefresh), so with every
// announcement of a change (LISTEN/NOTIFY), every refresh interval, and at once on the process
// that revoked. An access token lives an hour: a grant revoked before that can have no live one,
// so the list holds an hour of revocations at most.
import { ACCESS_TOKEN_SECONDS } from './lifetimes.ts';
import type { OAuthStore } from './store.ts';

/** Beyond the token's hour: the clock skew tokens are allowed (platform/auth/tokens.ts) and then some. */
const MARGIN_MS = 60_000;

export class GrantRevocations {
  #revoked = new Set<string>();

  constructor(
    private readonly store: OAuthStore,
    private readonly now: () => Date,
  ) {}

  revoked(grantId: string): boolean {
    return this.#revoked.has(grantId);
  }

  async refresh(): Promise<void> {
    const since = new Date(this.now().getTime() - ACCESS_TOKEN_SECONDS * 1000 - MARGIN_MS);
    this.#revoked = new Set(await this.store.revokedSince(since));
  }
}
