// The apps' calls: the metadata, the token, revocation and device endpoints (forms, RFC 6749
// errors, never cached), the person's approvals and apps. The use cases are in service.ts.
import type { Context } from 'hono';
import { requirePlayer } from '../platform/auth/middleware.ts';
import { DomainError } from '../platform/errors.ts';
import { createApi } from '../platform/http/edge.ts';
import type { App, AppEnv } from '../platform/http/env.ts';
import { operation } from '../platform/http/operation.ts';
import { empty, respond, setHeader } from '../platform/http/reply.ts';
import { OAuthError } from './errors.ts';
import { readForm } from './form.ts';
import { limitEndpoints, limitUserCodes } from './limits.ts';
import { approve, deviceCode, listApps, lookUpUserCode, metadata, revoke, revokeApp, token } from './routes.ts';
import { DEVICE_GRANT, type OAuthService, type TokenForm } from './service.ts';
import type { OAuthSettings } from './settings.ts';

export interface OAuthApiDeps {
  oauth: OAuthService;
  config: { oauth: OAuthSettings; publicUrl: string | null };
}

const TOKEN_FIELDS = ['grant_type', 'code', 'code_verifier', 'redirect_uri', 'client_id', 'refresh_token', 'device_code', 'scope'] as const;

/** The issuer: PUBLIC_URL, else the origin the request came to (RFC 8414: where the metadata is). */
const issuerOf = (c: Context, publicUrl: string | null) => (publicUrl ?? new URL(c.req.url).origin).replace(/\/$/, '');

/** RFC 6749 §5.1: token answers (and refusals) are never kept by a cache. */
function noStore(c: Context): void {
  setHeader(c, 'Cache-Control', 'no-store');
  setHeader(c, 'Pragma', 'no-cache');
}

/** Runs an endpoint of OAuth clients: its budget, then its answer, an OAuthError as RFC 6749 §5.2. */
async function oauthAnswer<T>(c: Context<AppEnv>, spend: (c: Context<AppEnv>) => Promise<void>, answer: () => Promise<T>): Promise<T> {
  await spend(c);
  noStore(c);
  try {
    return await answer();
  } catch (e) {
    // The route's documented 400 (OAuthErrorSchema), which the caller's answer type names too.
    if (e instanceof OAuthError) return respond(c, { error: e.error, error_description: e.description }, 400) as T;
    throw e;
  }
}

export function oauthApi({ oauth, config }: OAuthApiDeps): App {
  const api = createApi();
  const spend = limitEndpoints(config.oauth);
  const tries = limitUserCodes(config.oauth, (e) => e instanceof DomainError && e.code === 'USER_CODE_NOT_FOUND');

  operation(api, metadata, (c) => {
    const issuer = issuerOf(c, config.publicUrl);
    setHeader(c, 'Cache-Control', 'public, max-age=3600');
    return respond(
      c,
      {
        issuer,
        authorization_endpoint: `${issuer}/oauth/authorize`,
        token_endpoint: `${issuer}/oauth/token`,
        revocation_endpoint: `${issuer}/oauth/revoke`,
        device_authorization_endpoint: `${issuer}/oauth/device/code`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token', DEVICE_GRANT],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none'],
        revocation_endpoint_auth_methods_supported: ['none'],
        scopes_supported: ['read', 'play'],
        authorization_response_iss_parameter_supported: true,
      },
      200,
    );
  });

  operation(api, token, (c) => oauthAnswer(c, spend, async () => respond(c, await oauth.token((await readForm(c, TOKEN_FIELDS)) as TokenForm), 200)));

  operation(api, revoke, (c) =>
    oauthAnswer(c, spend, async () => {
      const form = await readForm(c, ['token', 'token_type_hint']);
      if (!form.token) throw new OAuthError('invalid_request', 'token is missing');
      await oauth.revoke(form.token);
      return empty(c, 200);
    }),
  );

  operation(api, deviceCode, (c) =>
    oauthAnswer(c, spend, async () => respond(c, await oauth.deviceCode(await readForm(c, ['client_id', 'scope']), `${issuerOf(c, config.publicUrl)}/device`), 200)),
  );

  operation(api, approve, async (c) => {
    const caller = requirePlayer(c);
    const body = c.req.valid('json');
    if ('userCode' in body) {
      await tries.guard(c, caller.playerId, () => oauth.decideDevice(caller, body.userCode, body.approve));
      return respond(c, { redirectTo: null }, 200);
    }
    return respond(c, await oauth.approve(caller, body, issuerOf(c, config.publicUrl)), 200);
  });

  operation(api, lookUpUserCode, async (c) => {
    const caller = requirePlayer(c);
    return respond(c, await tries.guard(c, caller.playerId, () => oauth.deviceRequest(c.req.valid('json').userCode)), 200);
  });

  operation(api, listApps, async (c) => respond(c, await oauth.apps(requirePlayer(c)), 200));
  operation(api, revokeApp, async (c) => {
    await oauth.revokeApp(requirePlayer(c), c.req.valid('param').grantId);
    return empty(c, 204);
  });
  return api;
}
