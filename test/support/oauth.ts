// Apps in the tests: a person (an account with its sign-in token), an app's PKCE pair, the consent
// page's approval, and the token endpoint's form, as a third party would send them.
import { createHash, randomBytes } from 'node:crypto';
import type { TestService } from './service.ts';

export const PASSWORD = 'correct horse battery staple';
let n = 0;
export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export type Person = { playerId: string; username: string; token: string; auth: { Authorization: string } };

export async function person(service: TestService): Promise<Person> {
  const username = `p_${Date.now().toString(36)}${n++}`;
  const res = await service.http.post('/v1/accounts').send({ username, password: PASSWORD }).expect(201);
  return { ...res.body, auth: bearer(res.body.token) };
}

/** A PKCE pair: the verifier the app keeps, its S256 challenge. */
export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export const REDIRECT = 'http://127.0.0.1:8400/callback';

/** What the consent page sends for a request of `clientId` (approved unless told). */
export function approval(challenge: string, extra: Record<string, unknown> = {}) {
  return { clientId: 'Skat Stats', redirectUri: REDIRECT, scope: 'read play', codeChallenge: challenge, codeChallengeMethod: 'S256', state: 'st-1', approve: true, ...extra };
}

/** The person approves; the code the redirect carries. */
export async function codeFor(service: TestService, who: Person, challenge: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await service.http.post('/v1/oauth/approvals').set(who.auth).send(approval(challenge, extra)).expect(200);
  const code = new URL(res.body.redirectTo).searchParams.get('code');
  if (!code) throw new Error(`no code in ${res.body.redirectTo}`);
  return code;
}

/** A POST of a form to an endpoint of OAuth clients. */
export function form(service: TestService, path: string, fields: Record<string, string>) {
  return service.http.post(path).type('form').send(fields);
}

/** An approval exchanged: the app's first tokens. */
export async function tokensFor(service: TestService, who: Person, extra: Record<string, unknown> = {}) {
  const { verifier, challenge } = pkce();
  const code = await codeFor(service, who, challenge, extra);
  const res = await form(service, '/oauth/token', { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: (extra.redirectUri as string) ?? REDIRECT, client_id: (extra.clientId as string) ?? 'Skat Stats' });
  if (res.status !== 200) throw new Error(`exchange failed: ${res.status} ${res.text}`);
  return res.body as { access_token: string; refresh_token: string; expires_in: number; scope: string; token_type: string };
}
