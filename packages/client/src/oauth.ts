// An app's side of "sign in with Offiziersskat" (docs/api.md, "Third-party apps"): OAuth 2.0 with
// PKCE (S256) for web and native apps, and the device code (RFC 8628) for bots, terminals and TVs.
// Built on the platform's Web Crypto and fetch only: it runs in browsers and in Node 20. A person
// approves on the service's own pages; the app never sees a password.
//
//   const pkce = await createPkce(); const state = randomState();
//   location.assign(authorizationUrl(base, { clientId, redirectUri, scope: 'read play', state, challenge: pkce.challenge }));
//   … back on redirectUri: const code = codeFromCallback(location.href, state, base);
//   const tokens = await exchangeCode(base, { clientId, code, verifier: pkce.verifier, redirectUri });
//
//   const tokens = await signInOnDevice(base, { clientId, scope: 'read play', show: (d) => console.log(d.verification_uri, d.user_code) });

/** The token endpoint's answer: an access token of an hour and the refresh token that renews it once. */
export interface OAuthTokens {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

/** RFC 8628 §3.2: what a device shows the person, and how it polls. */
export interface DeviceAuthorization {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
}

/** A refusal of the token, device or revocation endpoint (RFC 6749 §5.2), or of the redirect (`access_denied`). */
export class OAuthError extends Error {
  override readonly name = 'OAuthError';
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status: number,
  ) {
    super(`${error}: ${description}`);
  }
}

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;
const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const random = (n: number) => base64url(crypto.getRandomValues(new Uint8Array(n)));
const trim = (baseUrl: string) => baseUrl.replace(/\/+$/, '');

/** A PKCE pair: keep `verifier` (in the app, never in a URL), send `challenge` (S256). */
export async function createPkce(): Promise<{ verifier: string; challenge: string }> {
  const verifier = random(32);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return { verifier, challenge: base64url(new Uint8Array(digest)) };
}

/** A state to tie the redirect back to this sign-in (kept by the app, compared by codeFromCallback). */
export const randomState = (): string => random(16);

/** Where to send the person: the service's consent page. */
export function authorizationUrl(baseUrl: string, o: { clientId: string; redirectUri: string; scope: string; state: string; challenge: string }): string {
  const q = new URLSearchParams({ response_type: 'code', client_id: o.clientId, redirect_uri: o.redirectUri, scope: o.scope, state: o.state, code_challenge: o.challenge, code_challenge_method: 'S256' });
  return `${trim(baseUrl)}/oauth/authorize?${q}`;
}

/**
 * The code of the redirect the person came back with, once its `state` is the app's and its `iss`
 * this service (RFC 9207); a denial is OAuthError `access_denied`.
 */
export function codeFromCallback(callbackUrl: string, expectedState: string, baseUrl: string): string {
  const q = new URL(callbackUrl).searchParams;
  if (q.get('state') !== expectedState) throw new OAuthError('invalid_state', 'the redirect does not carry this sign-in’s state', 0);
  const iss = q.get('iss');
  if (iss !== null && iss !== trim(baseUrl)) throw new OAuthError('invalid_issuer', 'the redirect comes from another service', 0);
  const error = q.get('error');
  if (error !== null) throw new OAuthError(error, q.get('error_description') ?? 'the person did not approve', 0);
  const code = q.get('code');
  if (!code) throw new OAuthError('invalid_request', 'the redirect carries no code', 0);
  return code;
}

async function post<T>(baseUrl: string, path: string, fields: Record<string, string>, fetchFn: Fetch): Promise<T> {
  const res = await fetchFn(`${trim(baseUrl)}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: new URLSearchParams(fields).toString(),
  });
  const text = await res.text();
  const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  if (!res.ok) {
    // RFC 6749 errors ({ error }), or the service's problem+json (429 RATE_LIMITED, …).
    const error = typeof body.error === 'string' ? body.error : typeof body.code === 'string' ? body.code : `http_${res.status}`;
    const description = typeof body.error_description === 'string' ? body.error_description : typeof body.detail === 'string' ? body.detail : res.statusText;
    throw new OAuthError(error, description, res.status);
  }
  return body as T;
}

/** The code for the app's first tokens (the verifier proves it is the app that asked). */
export const exchangeCode = (baseUrl: string, o: { clientId: string; code: string; verifier: string; redirectUri: string }, fetchFn: Fetch = fetch) =>
  post<OAuthTokens>(baseUrl, '/oauth/token', { grant_type: 'authorization_code', code: o.code, code_verifier: o.verifier, redirect_uri: o.redirectUri, client_id: o.clientId }, fetchFn);

/** A new pair for the refresh token, which is spent: keep the new refresh token (the old one, used again, ends the grant). */
export const refreshTokens = (baseUrl: string, o: { clientId: string; refreshToken: string; scope?: string }, fetchFn: Fetch = fetch) =>
  post<OAuthTokens>(baseUrl, '/oauth/token', { grant_type: 'refresh_token', refresh_token: o.refreshToken, client_id: o.clientId, ...(o.scope ? { scope: o.scope } : {}) }, fetchFn);

/** Signs the app out: the token's whole grant ends (RFC 7009). */
export async function revokeTokens(baseUrl: string, token: string, fetchFn: Fetch = fetch): Promise<void> {
  await post(baseUrl, '/oauth/revoke', { token }, fetchFn);
}

/** A device asks for access: show the person `user_code` and `verification_uri`. */
export const startDevice = (baseUrl: string, o: { clientId: string; scope: string }, fetchFn: Fetch = fetch) =>
  post<DeviceAuthorization>(baseUrl, '/oauth/device/code', { client_id: o.clientId, scope: o.scope }, fetchFn);

export interface PollOptions {
  signal?: AbortSignal;
  /** How to wait between polls (tests: a clock's). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  fetch?: Fetch;
}

/**
 * Polls until the person approved (the tokens) or denied, or the request expired (OAuthError
 * `access_denied`, `expired_token`): every `interval` seconds, 5 more after each `slow_down`.
 */
export async function pollDevice(baseUrl: string, o: { clientId: string; device: DeviceAuthorization }, options: PollOptions = {}): Promise<OAuthTokens> {
  const wait = options.sleep ?? sleep;
  let interval = o.device.interval;
  for (;;) {
    await wait(interval * 1000, options.signal);
    if (options.signal?.aborted) throw new OAuthError('aborted', 'the sign-in was given up', 0);
    try {
      return await post<OAuthTokens>(baseUrl, '/oauth/token', { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: o.device.device_code, client_id: o.clientId }, options.fetch ?? fetch);
    } catch (e) {
      if (!(e instanceof OAuthError)) throw e;
      if (e.error === 'slow_down') interval += 5;
      else if (e.error !== 'authorization_pending') throw e;
    }
  }
}

/** The device flow whole: start, `show` the person the code, poll until the tokens come. */
export async function signInOnDevice(baseUrl: string, o: { clientId: string; scope: string; show: (device: DeviceAuthorization) => void }, options: PollOptions = {}): Promise<OAuthTokens> {
  const device = await startDevice(baseUrl, o, options.fetch ?? fetch);
  o.show(device);
  return pollDevice(baseUrl, { clientId: o.clientId, device }, options);
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
