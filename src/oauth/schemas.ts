// The apps' bodies and answers, as the OpenAPI document shows them. The token, revocation and
// device endpoints take forms (application/x-www-form-urlencoded, RFC 6749 §4.1.3) and answer as
// RFC 6749, RFC 7009 and RFC 8628 write it (snake_case); the /v1 calls are the API's own (camelCase).
import { z } from '@hono/zod-openapi';
import { DELEGABLE_SCOPES } from '../platform/auth/scopes.ts';
import { storedText } from '../platform/http/schemas.ts';
import { OAUTH_ERRORS } from './errors.ts';

const AppScope = z.enum(DELEGABLE_SCOPES);

/** A user code as typed: the service reads it (secrets.ts's typedUserCode), whatever its case, dashes and spaces. */
const UserCode = storedText().max(20).openapi({ description: 'as the device shows it (case, dash and spaces do not matter)' });

// A form's fields are all optional strings here: the endpoint itself answers a missing or wrong
// one with an RFC 6749 error (invalid_request), not with the API's VALIDATION_FAILED. Unknown
// fields are ignored (RFC 6749 §3.2).
const field = (description: string) => z.string().optional().openapi({ description });

export const TokenFormSchema = z
  .looseObject({
    grant_type: z.string().optional().openapi({ description: 'authorization_code, refresh_token or urn:ietf:params:oauth:grant-type:device_code', example: 'authorization_code' }),
    client_id: field('the name the app picked (the same in every step)'),
    code: field('authorization_code: the code the redirect carried'),
    code_verifier: field('authorization_code: the PKCE verifier (43–128 characters) whose S256 was the code_challenge'),
    redirect_uri: field('authorization_code: exactly the redirect_uri of the authorization request'),
    refresh_token: field('refresh_token: the latest refresh token (each is spent by its use)'),
    scope: field('refresh_token: the granted scopes or fewer (default: all granted)'),
    device_code: field('the device code grant: the device_code of POST /oauth/device/code'),
  })
  .openapi('OAuthTokenForm');

export const TokenAnswerSchema = z
  .object({
    access_token: z.string().openapi({ description: 'a JWT of this service (scope, client_id and grant_id among its claims); send it as Bearer' }),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int().openapi({ description: 'seconds: 3600' }),
    refresh_token: z.string().openapi({ description: 'single use: the next refresh spends it; a spent one presented again ends the grant' }),
    scope: z.string().openapi({ description: 'the scopes granted, space-separated' }),
  })
  .openapi('OAuthToken');

export const OAuthErrorSchema = z
  .object({ error: z.enum(OAUTH_ERRORS), error_description: z.string() })
  .openapi('OAuthError', { description: 'RFC 6749 §5.2 (RFC 8628 §3.5 for the device code grant)' });

export const RevokeFormSchema = z
  .looseObject({ token: field('an access or refresh token of an app'), token_type_hint: field('access_token or refresh_token (either is looked for anyway)') })
  .openapi('OAuthRevokeForm');

export const DeviceFormSchema = z.looseObject({ client_id: field('the name the app picked'), scope: field('read, play or both, space-separated') }).openapi('OAuthDeviceForm');

export const DeviceAnswerSchema = z
  .object({
    device_code: z.string().openapi({ description: 'the device polls the token endpoint with it' }),
    user_code: z.string().openapi({ description: '8 letters (shown as two groups of four) the person types on verification_uri' }),
    verification_uri: z.string(),
    verification_uri_complete: z.string().openapi({ description: 'verification_uri with the user code filled in (for a QR code)' }),
    expires_in: z.number().int(),
    interval: z.number().int().openapi({ description: 'seconds between polls' }),
  })
  .openapi('OAuthDeviceAuthorization');

export const MetadataSchema = z
  .object({
    issuer: z.string(),
    authorization_endpoint: z.string(),
    token_endpoint: z.string(),
    revocation_endpoint: z.string(),
    device_authorization_endpoint: z.string(),
    response_types_supported: z.array(z.string()),
    grant_types_supported: z.array(z.string()),
    code_challenge_methods_supported: z.array(z.string()),
    token_endpoint_auth_methods_supported: z.array(z.string()),
    revocation_endpoint_auth_methods_supported: z.array(z.string()),
    scopes_supported: z.array(z.string()),
    authorization_response_iss_parameter_supported: z.boolean(),
  })
  .openapi('OAuthMetadata', { description: 'RFC 8414' });

export const ApprovalSchema = z
  .union([
    // The request as the page read it: its rules are the service's (requests.ts: 400
    // AUTHORIZATION_REQUEST_INVALID, with the rule broken); what no text of the API may hold (a
    // control character) is refused before, as everywhere (400 VALIDATION_FAILED).
    z.strictObject({
      clientId: storedText().max(200),
      redirectUri: storedText().max(2000),
      scope: storedText().max(200),
      codeChallenge: storedText().max(200),
      codeChallengeMethod: storedText().max(20),
      state: storedText().max(1024).optional(),
      approve: z.boolean(),
    }),
    z.strictObject({ userCode: UserCode, approve: z.boolean() }),
  ])
  .openapi('OAuthApproval', { description: 'the consent page’s answer to an app (its request as the page read it) or to a device (its user code)' });

export const ApprovalAnswerSchema = z
  .object({ redirectTo: z.string().nullable().openapi({ description: 'where the browser goes now (with code and state, or error=access_denied); null for a device' }) })
  .openapi('OAuthApprovalAnswer');

export const UserCodeSchema = z.strictObject({ userCode: UserCode }).openapi('OAuthUserCode');

export const DeviceRequestSchema = z
  .object({ clientId: z.string(), scopes: z.array(AppScope), expiresAt: z.string() })
  .openapi('OAuthDeviceRequest', { description: 'what the device that shows this user code asks for' });

export const AppSchema = z
  .object({
    grantId: z.string(),
    clientId: z.string().openapi({ description: 'the name the app gave itself' }),
    scopes: z.array(AppScope),
    redirectOrigin: z.string().nullable().openapi({ description: 'where its codes went; null: approved on /device' }),
    approvedAt: z.string(),
    lastUsedAt: z.string().openapi({ description: 'its last token exchange or refresh' }),
  })
  .openapi('App');

export const AppListSchema = z.object({ items: z.array(AppSchema) }).openapi('AppList', { description: 'the apps the caller approved and has not revoked, most recently used first' });

export const GrantIdParam = z.object({
  grantId: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/, 'a grant id')
    .openapi({ param: { name: 'grantId', in: 'path' } }),
});
