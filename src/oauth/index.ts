// Third-party apps (OAuth 2.0 with PKCE, the device flow, rotating refresh tokens, the grants a
// person approved): what other folders use (the app) is exported here.
export { OAUTH_PROBLEM_FIELDS, OAUTH_REFUSALS } from './refusals.ts';
export type { OAuthService } from './service.ts';
export { oauthSettings } from './settings.ts';
export { createOAuth } from './create.ts';
/** The paths OAuth clients call from any origin (public clients in browsers). */
export const OPEN_PATHS = ['/oauth/token', '/oauth/revoke', '/oauth/device/code', '/.well-known/oauth-authorization-server'] as const;
