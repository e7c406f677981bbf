export { accountsApi } from './api.ts';
export { accountExamples, ANNA, BERT, EXAMPLE_NAMES, exampleAt } from './examples.ts';
export { loadKeys, rotateKey } from './keyring.ts';
export { PlayerStore } from './player-store.ts';
export { forgetChangedProfiles } from './profiles.ts';
export { AUTH_KEY, RevocationCache, REFRESH_MS, STALE_AFTER_REFRESHES } from './revocations.ts';
export type { ScryptParams } from './password.ts';
export { AccountService, PRESENCE_LEASE_MS } from './service.ts';
export { AccountStore } from './store.ts';
