// Third-party apps, wired: their store, the revoked grants every process refuses the tokens of
// (read with the accounts' revocation list: src/app/features.ts hands them to the accounts), the
// use cases, their routes and their sweep (codes and device requests a day past their expiry go).
import type { Platform, Routes, Sweep } from '../platform/feature.ts';
import { oauthApi } from './api.ts';
import { GrantRevocations } from './grant-revocations.ts';
import { OAuthService } from './service.ts';
import type { OAuthSettings } from './settings.ts';
import { OAuthStore } from './store.ts';

export interface OAuthWiring {
  settings: OAuthSettings;
  /**
   * Makes a revocation known to every process: the accounts' revocation list (src/accounts), whose
   * refresh reads the revoked grants too.
   */
  revocations: { changed(): Promise<void> };
}

export function createOAuth({ config, database, tokens, now }: Platform, wiring: OAuthWiring) {
  const store = new OAuthStore(database.db);
  const grants = new GrantRevocations(store, now);
  const service = new OAuthService({ store, tokens, revocations: wiring.revocations, now });
  const sweep: Sweep = ({ at }) => service.sweep(at);
  const routes: Routes = () => oauthApi({ oauth: service, config: { oauth: wiring.settings, publicUrl: config.publicUrl } });
  return { store, grants, service, routes, sweep };
}
