// What an app may ask for, checked the same way by the consent page (web/, before it shows
// anything) and by the service (before it makes a code): a pure module, no I/O.
import { DELEGABLE_SCOPES, type DelegableScope } from '../platform/auth/scopes.ts';

/** Why a request is refused: each shown on the consent page in words (web/src/i18n-oauth.ts). */
export type RequestRefusal =
  | 'response_type'
  | 'client_id'
  | 'redirect_uri'
  | 'redirect_fragment'
  | 'redirect_http'
  | 'challenge_missing'
  | 'challenge_plain'
  | 'challenge_method'
  | 'challenge_malformed'
  | 'scope_missing'
  | 'scope_account'
  | 'scope_unknown'
  | 'state';

/** An authorization request that may be shown to the person. */
export interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  /** What the page shows the person: where the code will go. */
  redirectOrigin: string;
  scopes: DelegableScope[];
  codeChallenge: string;
  state: string | null;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; refusal: RequestRefusal; detail: string };

/** "Any name the app picks, 1–64 printable characters": no control or format characters (no bidi tricks). */
const CLIENT_ID = /^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]{1,64}$/u;
/** S256 of a verifier: 32 bytes, base64url without padding. */
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
const MAX_STATE = 1024;
/** RFC 8252 §7.3: loopback IP literals (any port); `localhost` may resolve elsewhere. */
const LOOPBACK = new Set(['127.0.0.1', '[::1]']);

const refuse = (refusal: RequestRefusal, detail: string) => ({ ok: false, refusal, detail }) as const;

/** A client_id as given: 1–64 characters that show, not only spaces. */
export function checkClientId(clientId: string | null | undefined): Checked<string> {
  if (!clientId || !CLIENT_ID.test(clientId) || clientId.trim() === '') return refuse('client_id', 'client_id must be 1–64 printable characters');
  return { ok: true, value: clientId };
}

/** `https`, or `http` on a loopback address (native apps, RFC 8252); never a fragment or credentials. */
export function checkRedirectUri(redirectUri: string | null | undefined): Checked<{ uri: string; origin: string }> {
  if (!redirectUri) return refuse('redirect_uri', 'redirect_uri is missing');
  if (redirectUri.includes('#')) return refuse('redirect_fragment', 'redirect_uri must not have a fragment');
  // The URL parser would drop or encode them: what is compared at the token endpoint is the text as sent.
  if (/[\p{Cc}\s]/u.test(redirectUri)) return refuse('redirect_uri', 'redirect_uri must not contain spaces or control characters');
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    return refuse('redirect_uri', 'redirect_uri is not an absolute URL');
  }
  if (url.username !== '' || url.password !== '') return refuse('redirect_uri', 'redirect_uri must not carry credentials');
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname)) return refuse('redirect_http', 'an http redirect_uri must be on a loopback address (127.0.0.1 or [::1]); elsewhere use https');
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return refuse('redirect_uri', 'redirect_uri must be https (or http on a loopback address)');
  return { ok: true, value: { uri: redirectUri, origin: url.origin } };
}

/** A space-separated list of `read` and `play`; never `account`, never empty. */
export function checkScope(scope: string | null | undefined): Checked<DelegableScope[]> {
  const named = (scope ?? '').split(' ').filter((s) => s !== '');
  if (named.length === 0) return refuse('scope_missing', 'scope is missing: ask for read, play or both');
  if (named.includes('account')) return refuse('scope_account', 'an app is never granted the account scope');
  const unknown = named.find((s) => !(DELEGABLE_SCOPES as readonly string[]).includes(s));
  if (unknown !== undefined) return refuse('scope_unknown', 'scope may name only read and play');
  return { ok: true, value: DELEGABLE_SCOPES.filter((s) => named.includes(s)) };
}

/** PKCE with S256 only: `plain` sends the verifier itself, which anyone who sees the request has. */
export function checkChallenge(challenge: string | null | undefined, method: string | null | undefined): Checked<string> {
  if (!challenge) return refuse('challenge_missing', 'code_challenge is missing: PKCE (S256) is required');
  if (method === 'plain') return refuse('challenge_plain', 'code_challenge_method plain is refused: use S256');
  if (method !== 'S256') return refuse('challenge_method', 'code_challenge_method must be S256');
  if (!CHALLENGE.test(challenge)) return refuse('challenge_malformed', 'code_challenge must be 43 characters of base64url (the S256 of the verifier)');
  return { ok: true, value: challenge };
}

/** The whole request, as the consent page reads it from its query string. */
export function checkAuthorizationRequest(query: {
  response_type?: string | null;
  client_id?: string | null;
  redirect_uri?: string | null;
  scope?: string | null;
  code_challenge?: string | null;
  code_challenge_method?: string | null;
  state?: string | null;
}): Checked<AuthorizationRequest> {
  if (query.response_type !== 'code') return refuse('response_type', 'response_type must be code');
  const clientId = checkClientId(query.client_id);
  if (!clientId.ok) return clientId;
  const redirect = checkRedirectUri(query.redirect_uri);
  if (!redirect.ok) return redirect;
  const challenge = checkChallenge(query.code_challenge, query.code_challenge_method);
  if (!challenge.ok) return challenge;
  const scopes = checkScope(query.scope);
  if (!scopes.ok) return scopes;
  if (query.state && query.state.length > MAX_STATE) return refuse('state', `state must be at most ${MAX_STATE} characters`);
  return {
    ok: true,
    value: { clientId: clientId.value, redirectUri: redirect.value.uri, redirectOrigin: redirect.value.origin, scopes: scopes.value, codeChallenge: challenge.value, state: query.state || null },
  };
}
