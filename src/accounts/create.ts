// The accounts, wired: the players' and accounts' stores, the revoked tokens kept fresh across
// processes (read first by the app before it serves: revocations.start()) with the apps' revoked
// grants beside them, the keys rotated in the database, the use cases and their routes.
import type { SigningKeyStore } from '../platform/auth/signing-key-store.ts';
import type { Platform, Routes } from '../platform/feature.ts';
import { accountsApi } from './api.ts';
import { loadKeys } from './keyring.ts';
import type { ScryptParams } from './password.ts';
import type { PlayerStore } from './player-store.ts';
import { forgetChangedProfiles } from './profiles.ts';
import { RevocationCache } from './revocations.ts';
import { AccountService } from './service.ts';
import type { AccountSettings } from './settings.ts';
import { AccountStore } from './store.ts';

export interface AccountsWiring {
  settings: AccountSettings;
  /** The players' store (made first: the signing key may live there). */
  players: PlayerStore;
  /** The signing keys kept in the database (read again with every refresh of the revocations). */
  signingKeys: SigningKeyStore;
  /** Ends everything a player being deleted was in (later features, wired by the app). */
  onDeleted: (playerId: string) => Promise<void>;
  /** A player's first stream opened and its presence is written (the tournaments, wired by the app: an arena pairs connected players). */
  onOnline: (playerId: string) => Promise<void>;
  /** Every token of a player ended (a sign-out everywhere, a password change, the deletion): so do its apps' grants (src/oauth, wired by the app). */
  onSignedOutEverywhere: (playerId: string) => Promise<void>;
  /** The apps' revoked grants (src/oauth, wired by the app): read with the revoked tokens, and an app's token refused with its grant. */
  grants: RevokedGrants;
  /** The password hash's cost (tests: a cheap one); a deployment always hashes at the default. */
  scrypt?: ScryptParams;
  /** How often the revocation list is read again (tests: shorter). */
  revocationRefreshMs?: number;
}

/** Revocations a later feature keeps beside the tokens': the apps' grants, each an app's tokens' (their `grant_id` claim). */
export interface RevokedGrants {
  /** Reads the list again: with every refresh of the revoked tokens (one list, fresh across processes alike). */
  refresh(): Promise<void>;
  revoked(grantId: string): boolean;
}

export function createAccounts({ config, database, notifier, tokens, log, now }: Platform, wiring: AccountsWiring) {
  const { players } = wiring;
  const store = new AccountStore(database.db);
  notifier.observe(forgetChangedProfiles(players));
  const legacyTtlMs = config.jwt.ttlSeconds * 1000;
  // Keys kept in the database rotate (npm run keys:rotate): read again with every refresh of the
  // revocations, and so are the apps' revoked grants.
  const onRefresh = async () => {
    if (!config.jwt.privateKey) await loadKeys({ keys: wiring.signingKeys, store, tokens, now, legacyTtlMs });
    await wiring.grants.refresh();
  };
  const revocations = new RevocationCache({ store, notifier, now, legacyTtlMs, onRefresh, log, refreshMs: wiring.revocationRefreshMs });
  const { grants } = wiring;
  tokens.setRevocations({
    revoked: (playerId, tokenId, issuedAt, grantId) => revocations.revoked(playerId, tokenId, issuedAt) || (grantId !== undefined && grants.revoked(grantId)),
  });
  const service = new AccountService({
    store,
    players,
    tokens,
    revocations,
    notifier,
    now,
    log,
    scrypt: wiring.scrypt,
    onDeleted: wiring.onDeleted,
    onOnline: wiring.onOnline,
    onSignedOutEverywhere: wiring.onSignedOutEverywhere,
  });
  const routes: Routes = () => accountsApi({ accounts: service, config: { accounts: wiring.settings } });
  return { players, store, revocations, service, routes };
}
