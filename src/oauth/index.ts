export { oauthApi } from './api.ts';
export { GrantRevocations } from './grant-revocations.ts';
export { OAuthService } from './service.ts';
export { oauthSettings, type OAuthSettings } from './settings.ts';
export { OAuthStore } from './store.ts';
/** The paths OAuth clients call from any origin (public clients in browsers). */
export const OPEN_PATHS = ['/oauth/token', '/oauth/revoke', '/oauth/device/code', '/.well-known/oauth-authorization-server'] as const;
