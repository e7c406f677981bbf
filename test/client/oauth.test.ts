// The client package's helpers for an app (oauth.ts): PKCE and the code, refreshes, revocation,
// the device flow with its polling (slow_down honoured), against a started service whose clock the
// test drives (the helper's waits move it).
import { oauth } from '@offiziersskat/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../support/matches.ts';
import { bearer, person, type Person } from '../support/oauth.ts';
import { expectProblem } from '../support/problems.ts';
import { startTestService, type TestService } from '../support/service.ts';

let service: TestService;
const clock = testClock();
beforeAll(async () => {
  service = await startTestService({ now: clock.now });
}, 120_000);
afterAll(() => service?.close());

const CLIENT = 'Skat Stats';
const REDIRECT = 'http://127.0.0.1:8400/callback';

/** The consent page's part, from the URL the helper made. */
async function consent(who: Person, url: string, approve = true): Promise<string> {
  const q = new URL(url).searchParams;
  const body = { clientId: q.get('client_id'), redirectUri: q.get('redirect_uri'), scope: q.get('scope'), codeChallenge: q.get('code_challenge'), codeChallengeMethod: q.get('code_challenge_method'), state: q.get('state'), approve };
  return (await service.http.post('/v1/oauth/approvals').set(who.auth).send(body).expect(200)).body.redirectTo;
}

describe('the client package’s app helpers', () => {
  it('PKCE: the consent URL, the callback, the exchange, a refresh, the revocation', async () => {
    const anna = await person(service);
    const pkce = await oauth.createPkce();
    expect(pkce.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const state = oauth.randomState();
    const url = oauth.authorizationUrl(service.url, { clientId: CLIENT, redirectUri: REDIRECT, scope: 'read play', state, challenge: pkce.challenge });
    expect(url.startsWith(`${service.url}/oauth/authorize?response_type=code&`)).toBe(true);
    const callback = await consent(anna, url);
    expect(() => oauth.codeFromCallback(callback, 'another state', service.url)).toThrow(/state/);
    const code = oauth.codeFromCallback(callback, state, service.url);
    const tokens = await oauth.exchangeCode(service.url, { clientId: CLIENT, code, verifier: pkce.verifier, redirectUri: REDIRECT });
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'play read' });
    const renewed = await oauth.refreshTokens(service.url, { clientId: CLIENT, refreshToken: tokens.refresh_token });
    await service.http.get('/v1/players/me').set(bearer(renewed.access_token)).expect(200);
    await expect(oauth.refreshTokens(service.url, { clientId: CLIENT, refreshToken: tokens.refresh_token })).rejects.toMatchObject({ error: 'invalid_grant', status: 400 });
    // The reuse ended the grant; a new sign-in, then a revocation.
    const again = await oauth.createPkce();
    const state2 = oauth.randomState();
    const code2 = oauth.codeFromCallback(await consent(anna, oauth.authorizationUrl(service.url, { clientId: CLIENT, redirectUri: REDIRECT, scope: 'read', state: state2, challenge: again.challenge })), state2, service.url);
    const second = await oauth.exchangeCode(service.url, { clientId: CLIENT, code: code2, verifier: again.verifier, redirectUri: REDIRECT });
    await oauth.revokeTokens(service.url, second.refresh_token);
    expectProblem(await service.http.get('/v1/players/me').set(bearer(second.access_token)), 401, 'TOKEN_REVOKED');
  });

  it('a denial comes back as access_denied', async () => {
    const anna = await person(service);
    const pkce = await oauth.createPkce();
    const state = oauth.randomState();
    const callback = await consent(anna, oauth.authorizationUrl(service.url, { clientId: CLIENT, redirectUri: REDIRECT, scope: 'read', state, challenge: pkce.challenge }), false);
    expect(() => oauth.codeFromCallback(callback, state, service.url)).toThrow(expect.objectContaining({ error: 'access_denied' }));
  });

  it('the device flow: shows the code, polls while pending, slows down when told, and gets the tokens', async () => {
    const anna = await person(service);
    let shown: oauth.DeviceAuthorization | null = null;
    const waits: number[] = [];
    const tokens = await oauth.signInOnDevice(
      service.url,
      { clientId: 'Skat TV', scope: 'read', show: (d) => (shown = d) },
      {
        sleep: async (ms) => {
          waits.push(ms);
          // The first wait is cut short (the device polls too early): the service says slow_down.
          clock.advance(waits.length === 2 ? 1 : ms / 1000);
          // The person approves after the device's third wait.
          if (waits.length === 3 && shown) await service.http.post('/v1/oauth/approvals').set(anna.auth).send({ userCode: shown.user_code, approve: true }).expect(200);
        },
      },
    );
    expect(waits).toEqual([5000, 5000, 10_000]);
    expect(tokens.scope).toBe('read');
    await service.http.get('/v1/players/me').set(bearer(tokens.access_token)).expect(200);
  });

  it('a denied device and an expired one end the polling with their error', async () => {
    const anna = await person(service);
    const denied = oauth.signInOnDevice(
      service.url,
      { clientId: 'Skat TV', scope: 'read', show: (d) => void service.http.post('/v1/oauth/approvals').set(anna.auth).send({ userCode: d.user_code, approve: false }).then(() => undefined) },
      { sleep: async (ms) => clock.advance(ms / 1000) },
    );
    await expect(denied).rejects.toMatchObject({ error: 'access_denied' });
    const expired = oauth.signInOnDevice(service.url, { clientId: 'Skat TV', scope: 'read', show: () => {} }, { sleep: async () => clock.advance(601) });
    await expect(expired).rejects.toMatchObject({ error: 'expired_token' });
  });
});
