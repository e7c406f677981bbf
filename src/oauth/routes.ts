// The apps' operations, as OpenAPI definitions; the handlers are in api.ts beside. The token,
// revocation and device endpoints sit outside /v1 where OAuth clients look for them (the
// metadata names them), take forms and answer RFC 6749 errors.
import { createRoute } from '@hono/zod-openapi';
import { bearer, json, jsonBody, publicAccess } from '../platform/http/openapi.ts';
import { problemResponses } from '../platform/http/problems.ts';
import {
  AppListSchema,
  ApprovalAnswerSchema,
  ApprovalSchema,
  DeviceAnswerSchema,
  DeviceFormSchema,
  DeviceRequestSchema,
  GrantIdParam,
  MetadataSchema,
  OAuthErrorSchema,
  RevokeFormSchema,
  TokenAnswerSchema,
  TokenFormSchema,
  UserCodeSchema,
} from './schemas.ts';

const FORM = 'application/x-www-form-urlencoded';
const form = <T>(schema: T, example: unknown) => ({ required: true, content: { [FORM]: { schema, example } } });
const oauthError = (description: string, example: unknown) => ({ 400: json(OAuthErrorSchema, description, example) });
/** Never kept by a cache on the way (RFC 6749 §5.1). */
const noStore = { 'Cache-Control': { schema: { type: 'string' as const }, description: 'no-store' } };

const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const ACCESS = 'eyJhbGciOiJFZERTQSIsImtpZCI6Ii4uLiIsInR5cCI6IkpXVCJ9.eyJzY29wZSI6InJlYWQgcGxheSJ9.c2lnbmF0dXJl';
const REFRESH = 'm8Qf1n3k3d3o9b1-1h2j3k4l5z6x7c8v9b0n1m2q3w4';
const GRANT_ID = '6c4b2d1e-8f3a-4b5c-9d7e-1a2b3c4d5e6f';
const tokenAnswer = { access_token: ACCESS, token_type: 'Bearer', expires_in: 3600, refresh_token: REFRESH, scope: 'play read' };

export const metadata = createRoute({
  method: 'get',
  path: '/.well-known/oauth-authorization-server',
  operationId: 'getOAuthMetadata',
  tags: ['apps'],
  summary: 'The authorization server’s metadata (RFC 8414)',
  description: 'Where an OAuth client finds the endpoints, and what they take: PKCE with S256 only, public clients (no secret), scopes `read` and `play`.',
  security: publicAccess,
  responses: {
    200: json(MetadataSchema, 'The metadata', {
      issuer: 'https://skat.example',
      authorization_endpoint: 'https://skat.example/oauth/authorize',
      token_endpoint: 'https://skat.example/oauth/token',
      revocation_endpoint: 'https://skat.example/oauth/revoke',
      device_authorization_endpoint: 'https://skat.example/oauth/device/code',
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token', 'urn:ietf:params:oauth:grant-type:device_code'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      revocation_endpoint_auth_methods_supported: ['none'],
      scopes_supported: ['read', 'play'],
      authorization_response_iss_parameter_supported: true,
    }),
  },
});

export const token = createRoute({
  method: 'post',
  path: '/oauth/token',
  operationId: 'oauthToken',
  tags: ['apps'],
  summary: 'The token endpoint: a code, a refresh token or a device code for tokens',
  description:
    'A form (RFC 6749 §4.1.3, §6; RFC 8628 §3.4). A code is single use and lives 2 minutes; presented again, it is refused and the tokens it gave are revoked. `redirect_uri` must equal the authorization request’s exactly, and `code_verifier` hash (S256) to its challenge. Each refresh spends its refresh token and gives a new pair; a spent one presented again revokes the whole grant. Access tokens live an hour. Errors as RFC 6749 §5.2. Any origin may call it (CORS); requests are limited per address (429 RATE_LIMITED with Retry-After).',
  security: publicAccess,
  request: { body: form(TokenFormSchema, { grant_type: 'authorization_code', code: 'the code of the redirect', code_verifier: 'the PKCE verifier', redirect_uri: 'http://127.0.0.1:8400/callback', client_id: 'Skat Stats' }) },
  responses: {
    200: { ...json(TokenAnswerSchema, 'A new access token and refresh token', tokenAnswer), headers: noStore },
    ...oauthError('A refusal (RFC 6749 §5.2, RFC 8628 §3.5)', { error: 'invalid_grant', error_description: 'code_verifier does not match the code_challenge' }),
    ...problemResponses('PAYLOAD_TOO_LARGE', 'RATE_LIMITED'),
  },
});

export const revoke = createRoute({
  method: 'post',
  path: '/oauth/revoke',
  operationId: 'oauthRevoke',
  tags: ['apps'],
  summary: 'Revoke an app’s token (RFC 7009): its whole grant ends',
  description: 'A refresh token or an app’s access token ends the grant it belongs to (every token of it, on every process within a second). Any other token is answered alike and changes nothing.',
  security: publicAccess,
  request: { body: form(RevokeFormSchema, { token: REFRESH, token_type_hint: 'refresh_token' }) },
  responses: {
    200: { description: 'Revoked, or nothing to revoke', headers: noStore },
    ...oauthError('No token in the form', { error: 'invalid_request', error_description: 'token is missing' }),
    ...problemResponses('PAYLOAD_TOO_LARGE', 'RATE_LIMITED'),
  },
});

export const deviceCode = createRoute({
  method: 'post',
  path: '/oauth/device/code',
  operationId: 'oauthDeviceCode',
  tags: ['apps'],
  summary: 'A device without a browser asks for access (RFC 8628)',
  description:
    'The device shows `user_code` and `verification_uri` (the web client’s /device page); a person signed in there types the code and approves. Meanwhile the device polls the token endpoint every `interval` seconds with the device code.',
  security: publicAccess,
  request: { body: form(DeviceFormSchema, { client_id: 'Skat TV', scope: 'read' }) },
  responses: {
    200: {
      ...json(DeviceAnswerSchema, 'The device’s request', {
        device_code: 'GmRhmhcxhwAzkoEqiMEg_DnyEysNkuNhszIySk9eS',
        user_code: 'WDJB-MJHT',
        verification_uri: 'https://skat.example/device',
        verification_uri_complete: 'https://skat.example/device?user_code=WDJB-MJHT',
        expires_in: 600,
        interval: 5,
      }),
      headers: noStore,
    },
    ...oauthError('A refusal', { error: 'invalid_scope', error_description: 'an app is never granted the account scope' }),
    ...problemResponses('PAYLOAD_TOO_LARGE', 'RATE_LIMITED'),
  },
});

export const approve = createRoute({
  method: 'post',
  path: '/v1/oauth/approvals',
  operationId: 'approveApp',
  tags: ['apps'],
  summary: 'The person approves or denies an app’s request (the consent and device pages)',
  description:
    'With the person’s own token (scope `account`: an app cannot approve for itself). For a request of the authorization code flow the answer is where the browser goes: the redirect with `code`, `state` and `iss`, or with `error=access_denied`. A request that breaks a rule is refused (400 AUTHORIZATION_REQUEST_INVALID, with `refusal`) and goes nowhere. For a device, its user code; wrong codes count against a budget per player and per address (429 RATE_LIMITED).',
  security: bearer,
  request: {
    body: jsonBody(ApprovalSchema, { clientId: 'Skat Stats', redirectUri: 'http://127.0.0.1:8400/callback', scope: 'read', codeChallenge: CHALLENGE, codeChallengeMethod: 'S256', state: 'af0ifjsldkj', approve: true }),
  },
  responses: {
    200: json(ApprovalAnswerSchema, 'Where the browser goes now (null for a device)', { redirectTo: 'http://127.0.0.1:8400/callback?code=SplxlOBeZQQYbYS6WxSbIA&state=af0ifjsldkj&iss=https%3A%2F%2Fskat.example' }),
    ...problemResponses('AUTHORIZATION_REQUEST_INVALID', 'USER_CODE_NOT_FOUND'),
  },
});

export const lookUpUserCode = createRoute({
  method: 'post',
  path: '/v1/oauth/user-codes',
  operationId: 'lookUpUserCode',
  tags: ['apps'],
  summary: 'What the device showing this user code asks for (the device page, before Approve)',
  description: 'A POST, so the code stays out of URLs and logs. A code no device waits for counts against the budget of wrong codes (429 RATE_LIMITED past it).',
  security: bearer,
  request: { body: jsonBody(UserCodeSchema, { userCode: 'WDJB-MJHT' }) },
  responses: {
    200: json(DeviceRequestSchema, 'The request', { clientId: 'Skat TV', scopes: ['read'], expiresAt: '2026-11-01T12:10:00.000Z' }),
    ...problemResponses('USER_CODE_NOT_FOUND'),
  },
});

export const listApps = createRoute({
  method: 'get',
  path: '/v1/players/me/apps',
  operationId: 'listMyApps',
  tags: ['apps'],
  summary: 'The apps the caller approved',
  description: 'Each grant not revoked: the app’s client_id, its scopes, where its codes went, when it was approved and last used. Needs a token of scope `account`.',
  security: bearer,
  responses: {
    200: json(AppListSchema, 'The apps', {
      items: [{ grantId: GRANT_ID, clientId: 'Skat Stats', scopes: ['read'], redirectOrigin: 'https://stats.example', approvedAt: '2026-11-01T12:00:00.000Z', lastUsedAt: '2026-11-02T08:30:00.000Z' }],
    }),
  },
});

export const revokeApp = createRoute({
  method: 'delete',
  path: '/v1/players/me/apps/{grantId}',
  operationId: 'revokeMyApp',
  tags: ['apps'],
  summary: 'Revoke an app: every token of its grant ends',
  description: 'Its access tokens are refused (401 TOKEN_REVOKED) by every process within a second; its refresh token is refused at once.',
  security: bearer,
  request: { params: GrantIdParam },
  responses: { 204: { description: 'Revoked' }, ...problemResponses('GRANT_NOT_FOUND') },
});
