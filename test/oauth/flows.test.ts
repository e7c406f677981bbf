// The flows end to end as a third party runs them, with a standard OAuth client library
// (oauth4webapi): discovery, the authorization code with PKCE (a web app and a native app on a
// loopback port), refreshes, the device code, revocation. An app's token plays a whole game and
// cannot touch the account.
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playToEnd, testClock } from '../support/matches.ts';
import { person, bearer, type Person } from '../support/oauth.ts';
import { expectProblem } from '../support/problems.ts';
import { Client, startTestService, type TestService, type TestPlayer } from '../support/service.ts';

let service: TestService;
let as: oauth.AuthorizationServer;
const insecure = { [oauth.allowInsecureRequests]: true };
const clock = testClock();
beforeAll(async () => {
  service = await startTestService({ now: clock.now });
  const issuer = new URL(service.url);
  as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));
}, 120_000);
afterAll(() => service?.close());

/** The consent page's part: the person, signed in, approves the request the app sent the browser to. */
async function consent(who: Person, authorizeUrl: URL): Promise<URL> {
  const q = authorizeUrl.searchParams;
  const res = await service.http
    .post('/v1/oauth/approvals')
    .set(who.auth)
    .send({ clientId: q.get('client_id'), redirectUri: q.get('redirect_uri'), scope: q.get('scope'), codeChallenge: q.get('code_challenge'), codeChallengeMethod: q.get('code_challenge_method'), state: q.get('state'), approve: true })
    .expect(200);
  return new URL(res.body.redirectTo);
}

/** An app's sign-in as oauth4webapi makes it: the authorization URL, the consent, the callback, the exchange. */
async function signInWithApp(who: Person, client: oauth.Client, redirectUri: string, scope = 'read play') {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(`${as.issuer}/oauth/authorize`);
  url.search = new URLSearchParams({ response_type: 'code', client_id: client.client_id, redirect_uri: redirectUri, scope, state, code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256' }).toString();
  const callback = await consent(who, url);
  const params = oauth.validateAuthResponse(as, client, callback, state);
  const response = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, redirectUri, verifier, insecure);
  return oauth.processAuthorizationCodeResponse(as, client, response);
}

describe('an app signs a person in (authorization code with PKCE)', () => {
  it('publishes its metadata (RFC 8414)', () => {
    expect(as).toMatchObject({
      issuer: service.url,
      authorization_endpoint: `${service.url}/oauth/authorize`,
      token_endpoint: `${service.url}/oauth/token`,
      revocation_endpoint: `${service.url}/oauth/revoke`,
      device_authorization_endpoint: `${service.url}/oauth/device/code`,
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      scopes_supported: ['read', 'play'],
    });
  });

  it('a web app (https redirect) gets tokens that play a whole game and cannot touch the account', async () => {
    const anna = await person(service);
    const client = { client_id: 'Skat Stats' };
    const tokens = await signInWithApp(anna, client, 'https://stats.example/callback');
    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 3600, scope: 'play read' });
    expect(tokens.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const app = bearer(tokens.access_token);
    const me = await service.http.get('/v1/players/me').set(app).expect(200);
    expect(me.body).toMatchObject({ playerId: anna.playerId, scopes: ['play', 'read'] });

    // A whole game, the app playing for Anna.
    const onService = new Client(service.http);
    const asAnna: TestPlayer = { playerId: anna.playerId, name: 'Anna', token: tokens.access_token, auth: app };
    const bert = await onService.player('Bert');
    const game = await onService.createGame(asAnna, { seat: 'forehand' });
    await service.http.post(`/v1/games/${game.id}/join`).set(bert.auth).expect(200);
    const end = await playToEnd(onService, game.id, [asAnna, bert], 7);
    expect(end.status).toBe('finished');

    // Never the account's calls.
    const refused = [
      service.http.get('/v1/players/me/tokens').set(app),
      service.http.post('/v1/players/me/tokens').set(app).send({ name: 'mine now' }),
      service.http.delete('/v1/players/me/tokens').set(app),
      service.http.put('/v1/players/me/password').set(app).send({ currentPassword: 'x', newPassword: 'a new and longer passphrase' }),
      service.http.delete('/v1/players/me').set(app),
      service.http.get('/v1/players/me/apps').set(app),
      service.http.post('/v1/oauth/approvals').set(app).send({ userCode: 'BCDF-GHJK', approve: true }),
    ];
    for (const res of await Promise.all(refused)) expectProblem(res, 403, 'INSUFFICIENT_SCOPE');
    // The account is as it was: Anna's own token still manages it.
    await service.http.get('/v1/players/me/tokens').set(anna.auth).expect(200);
  });

  it('a native app on a loopback port (http://127.0.0.1 and [::1], any port) is let in', async () => {
    const anna = await person(service);
    for (const redirect of ['http://127.0.0.1:53123/cb', 'http://[::1]:8080/done?x=1']) {
      const tokens = await signInWithApp(anna, { client_id: 'skat-cli' }, redirect, 'read');
      expect(tokens.scope).toBe('read');
      // A read token reads, and may not write.
      await service.http.get('/v1/players/me').set(bearer(tokens.access_token)).expect(200);
      expectProblem(await service.http.post('/v1/games').set(bearer(tokens.access_token)).send({}), 403, 'INSUFFICIENT_SCOPE');
    }
  });

  it('a refresh gives a new pair and spends the old refresh token; the new pair works', async () => {
    const anna = await person(service);
    const client = { client_id: 'Skat Stats' };
    const first = await signInWithApp(anna, client, 'https://stats.example/callback');
    const response = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), first.refresh_token!, insecure);
    const second = await oauth.processRefreshTokenResponse(as, client, response);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    await service.http.get('/v1/players/me').set(bearer(second.access_token)).expect(200);
    // A third refresh with the second token: the chain goes on.
    const third = await oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.None(), second.refresh_token!, insecure));
    await service.http.get('/v1/players/me').set(bearer(third.access_token)).expect(200);
  });

  it('revocation (RFC 7009) of the refresh token ends the grant: its access tokens are refused', async () => {
    const anna = await person(service);
    const client = { client_id: 'Skat Stats' };
    const tokens = await signInWithApp(anna, client, 'https://stats.example/callback');
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, oauth.None(), tokens.refresh_token!, insecure));
    expectProblem(await service.http.get('/v1/players/me').set(bearer(tokens.access_token)), 401, 'TOKEN_REVOKED');
    await expect(oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure))).rejects.toMatchObject({ error: 'invalid_grant' });
    // Revoking what is no token of an app is answered alike (RFC 7009 §2.2), and changes nothing.
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, oauth.None(), anna.token, insecure));
    await service.http.get('/v1/players/me').set(anna.auth).expect(200);
  });
});

describe('a device signs a person in (RFC 8628)', () => {
  it('polls while the person has not approved, then gets its tokens once', async () => {
    const anna = await person(service);
    const client = { client_id: 'Skat TV' };
    const started = await oauth.processDeviceAuthorizationResponse(as, client, await oauth.deviceAuthorizationRequest(as, client, oauth.None(), new URLSearchParams({ scope: 'read' }), insecure));
    expect(started).toMatchObject({ verification_uri: `${service.url}/device`, expires_in: 600, interval: 5 });
    expect(started.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(started.verification_uri_complete).toBe(`${service.url}/device?user_code=${started.user_code}`);
    const poll = async () => oauth.processDeviceCodeResponse(as, client, await oauth.deviceCodeGrantRequest(as, client, oauth.None(), started.device_code, insecure));
    await expect(poll()).rejects.toMatchObject({ error: 'authorization_pending' });

    // The person, on /device: what asks, then Approve (the code typed in lower case, no dash).
    const typed = started.user_code.replace('-', '').toLowerCase();
    const asked = await service.http.post('/v1/oauth/user-codes').set(anna.auth).send({ userCode: typed }).expect(200);
    expect(asked.body).toMatchObject({ clientId: 'Skat TV', scopes: ['read'] });
    await service.http.post('/v1/oauth/approvals').set(anna.auth).send({ userCode: typed, approve: true }).expect(200, { redirectTo: null });
    // The device waits its interval between polls.
    clock.advance(started.interval ?? 5);
    const tokens = await poll();
    expect(tokens.scope).toBe('read');
    expect((await service.http.get('/v1/players/me').set(bearer(tokens.access_token)).expect(200)).body.playerId).toBe(anna.playerId);
    // The device code is spent.
    await expect(poll()).rejects.toMatchObject({ error: 'invalid_grant' });
  });
});
