export { accountExamples, ANNA, BERT, EXAMPLE_NAMES, exampleAt } from './examples.ts';
export { rotateKey } from './keyring.ts';
export { PlayerStore } from './player-store.ts';
export { AUTH_KEY, RevocationCache, REFRESH_MS, STALE_AFTER_REFRESHES } from './revocations.ts';
export type { ScryptParams } from './password.ts';
export { AccountService, PRESENCE_LEASE_MS } from './service.ts';
export { AccountStore } from './store.ts';
export { accountSettings } from './settings.ts';
export { createAccounts } from './create.ts';
