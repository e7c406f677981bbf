export { GrantRevocations } from './grant-revocations.ts';
export { oauthSettings, type OAuthSettings } from './settings.ts';
export { OAuthStore } from './store.ts';
