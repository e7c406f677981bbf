// Every refusal of the apps' flows, one by one, with the service's clock driven by the test:
// a wrong verifier, another redirect, a reused code (and the revocation it causes), a spent refresh
// token (and the grant's end), plain, the account scope, http off loopback, a fragment, expired
// codes and device codes, the device's polling answers, wrong user codes past the budget, the
// token endpoint's budget, malformed forms.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../support/matches.ts';
import { approval, bearer, codeFor, form, person, pkce, REDIRECT, tokensFor } from '../support/oauth.ts';
import { expectProblem } from '../support/problems.ts';
import { startTestService, type TestService } from '../support/service.ts';

let service: TestService;
const clock = testClock();
beforeAll(async () => {
  service = await startTestService({ now: clock.now });
}, 120_000);
afterAll(() => service?.close());

/** An RFC 6749 §5.2 error: 400, its code, a description, never cached. */
function expectOAuthError(res: { status: number; body: { error?: string; error_description?: string }; headers: Record<string, string> }, error: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error).toBe(error);
  expect(res.body.error_description?.length).toBeGreaterThan(0);
  expect(res.headers['cache-control']).toBe('no-store');
}

const exchange = (code: string, verifier: string, extra: Record<string, string> = {}) =>
  form(service, '/oauth/token', { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: REDIRECT, client_id: 'Skat Stats', ...extra });
const refresh = (token: string, extra: Record<string, string> = {}) => form(service, '/oauth/token', { grant_type: 'refresh_token', refresh_token: token, client_id: 'Skat Stats', ...extra });

describe('the code and its exchange', () => {
  it('a wrong verifier is invalid_grant, and spends the code', async () => {
    const anna = await person(service);
    const { verifier, challenge } = pkce();
    const code = await codeFor(service, anna, challenge);
    expectOAuthError(await exchange(code, pkce().verifier), 'invalid_grant');
    expectOAuthError(await exchange(code, verifier), 'invalid_grant');
  });

  it('another redirect_uri than the request’s (even one character) is invalid_grant', async () => {
    const anna = await person(service);
    for (const other of [`${REDIRECT}/`, 'http://127.0.0.1:8401/callback', `${REDIRECT}?x=1`]) {
      const { verifier, challenge } = pkce();
      expectOAuthError(await exchange(await codeFor(service, anna, challenge), verifier, { redirect_uri: other }), 'invalid_grant');
    }
  });

  it('another client_id is invalid_grant', async () => {
    const anna = await person(service);
    const { verifier, challenge } = pkce();
    expectOAuthError(await exchange(await codeFor(service, anna, challenge), verifier, { client_id: 'Skat Stats 2' }), 'invalid_grant');
  });

  it('a code used twice is refused, and the tokens its first use gave are revoked', async () => {
    const anna = await person(service);
    const { verifier, challenge } = pkce();
    const code = await codeFor(service, anna, challenge);
    const first = await exchange(code, verifier).expect(200);
    await service.http.get('/v1/players/me').set(bearer(first.body.access_token)).expect(200);
    const again = await exchange(code, verifier);
    expectOAuthError(again, 'invalid_grant');
    expect(again.body.error_description).toMatch(/used before/);
    expectProblem(await service.http.get('/v1/players/me').set(bearer(first.body.access_token)), 401, 'TOKEN_REVOKED');
    expectOAuthError(await refresh(first.body.refresh_token), 'invalid_grant');
  });

  it('a code older than 2 minutes is invalid_grant', async () => {
    const anna = await person(service);
    const { verifier, challenge } = pkce();
    const code = await codeFor(service, anna, challenge);
    clock.advance(121);
    const res = await exchange(code, verifier);
    expectOAuthError(res, 'invalid_grant');
    expect(res.body.error_description).toMatch(/expired/);
    // Within the 2 minutes it works.
    const fresh = pkce();
    const code2 = await codeFor(service, anna, fresh.challenge);
    clock.advance(119);
    await exchange(code2, fresh.verifier).expect(200);
  });

  it('a day after its expiry a code is swept: presented then, it is unknown', async () => {
    const anna = await person(service);
    const { verifier, challenge } = pkce();
    const code = await codeFor(service, anna, challenge);
    clock.advance(2 * 60 + 23 * 3600);
    await service.parts.sweeper.sweep();
    expect((await exchange(code, verifier)).body.error_description).toMatch(/expired/);
    clock.advance(3600);
    expect((await service.parts.sweeper.sweep()).ended.oauthCodes).toBeGreaterThanOrEqual(1);
    const res = await exchange(code, verifier);
    expectOAuthError(res, 'invalid_grant');
    expect(res.body.error_description).toMatch(/unknown/);
  });

  it('an unknown code, a malformed verifier and missing fields are refused', async () => {
    expectOAuthError(await exchange('no-such-code', pkce().verifier), 'invalid_grant');
    expectOAuthError(await exchange('no-such-code', 'short'), 'invalid_request');
    for (const missing of ['code', 'code_verifier', 'redirect_uri', 'client_id']) {
      const fields: Record<string, string> = { grant_type: 'authorization_code', code: 'c', code_verifier: pkce().verifier, redirect_uri: REDIRECT, client_id: 'x' };
      delete fields[missing];
      expectOAuthError(await form(service, '/oauth/token', fields), 'invalid_request');
    }
  });
});

describe('the token endpoint’s form', () => {
  it('refuses an unknown grant type, none, a parameter sent twice and a body that is no form', async () => {
    expectOAuthError(await form(service, '/oauth/token', { grant_type: 'password', username: 'a', password: 'b' }), 'unsupported_grant_type');
    expectOAuthError(await form(service, '/oauth/token', {}), 'invalid_request');
    expectOAuthError(await service.http.post('/oauth/token').type('form').send('grant_type=refresh_token&refresh_token=a&refresh_token=b&client_id=x'), 'invalid_request');
    expectOAuthError(await service.http.post('/oauth/token').send({ grant_type: 'refresh_token', refresh_token: 'a', client_id: 'x' }), 'invalid_request');
  });
});

describe('refresh tokens', () => {
  it('a spent refresh token presented again ends the whole grant: every token of it is refused', async () => {
    const anna = await person(service);
    const first = await tokensFor(service, anna);
    const second = (await refresh(first.refresh_token).expect(200)).body;
    await service.http.get('/v1/players/me').set(bearer(second.access_token)).expect(200);
    const reused = await refresh(first.refresh_token);
    expectOAuthError(reused, 'invalid_grant');
    expect(reused.body.error_description).toMatch(/spent before/);
    // The thief or the app, whichever came second, has nothing left: the newest pair is dead too.
    expectProblem(await service.http.get('/v1/players/me').set(bearer(second.access_token)), 401, 'TOKEN_REVOKED');
    expectProblem(await service.http.get('/v1/players/me').set(bearer(first.access_token)), 401, 'TOKEN_REVOKED');
    expectOAuthError(await refresh(second.refresh_token), 'invalid_grant');
    expect((await service.http.get('/v1/players/me/apps').set(anna.auth).expect(200)).body.items).toEqual([]);
  });

  it('an access token lives an hour; a refresh after that works; another client_id or a wider scope is refused', async () => {
    const anna = await person(service);
    const tokens = await tokensFor(service, anna, { scope: 'read' });
    clock.advance(3600 + 10);
    expectProblem(await service.http.get('/v1/players/me').set(bearer(tokens.access_token)), 401, 'TOKEN_EXPIRED');
    expectOAuthError(await refresh(tokens.refresh_token, { client_id: 'Other' }), 'invalid_grant');
    expectOAuthError(await refresh(tokens.refresh_token, { scope: 'read play' }), 'invalid_scope');
    const renewed = (await refresh(tokens.refresh_token, { scope: 'read' }).expect(200)).body;
    expect(renewed.scope).toBe('read');
    await service.http.get('/v1/players/me').set(bearer(renewed.access_token)).expect(200);
  });

  it('a refresh token unused for 30 days has expired', async () => {
    const anna = await person(service);
    const tokens = await tokensFor(service, anna);
    clock.advance(30 * 24 * 3600 + 1);
    expectOAuthError(await refresh(tokens.refresh_token), 'invalid_grant');
  });
});

describe('the consent’s rules (POST /v1/oauth/approvals): refused, and nothing to redirect to', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['the plain method', { codeChallengeMethod: 'plain' }, 'challenge_plain'],
    ['no challenge', { codeChallenge: '' }, 'challenge_missing'],
    ['a challenge that is no S256', { codeChallenge: 'abc' }, 'challenge_malformed'],
    ['the account scope', { scope: 'read account' }, 'scope_account'],
    ['an unknown scope', { scope: 'read admin' }, 'scope_unknown'],
    ['no scope', { scope: '' }, 'scope_missing'],
    ['http off loopback', { redirectUri: 'http://stats.example/callback' }, 'redirect_http'],
    ['http on localhost (a name, not a loopback address)', { redirectUri: 'http://localhost:8400/callback' }, 'redirect_http'],
    ['a fragment', { redirectUri: 'https://stats.example/callback#x' }, 'redirect_fragment'],
    ['another scheme', { redirectUri: 'javascript:alert(1)' }, 'redirect_uri'],
    ['credentials in the redirect', { redirectUri: 'https://user:pw@stats.example/cb' }, 'redirect_uri'],
    ['a client_id with a bidi override', { clientId: 'Skat\u202eStats' }, 'client_id'],
    ['a client_id over 64 characters', { clientId: 'x'.repeat(65) }, 'client_id'],
  ];
  for (const [what, change, refusal] of cases) {
    it(`${what}: 400 AUTHORIZATION_REQUEST_INVALID (${refusal})`, async () => {
      const anna = await person(service);
      const res = await service.http.post('/v1/oauth/approvals').set(anna.auth).send(approval(pkce().challenge, change));
      expectProblem(res, 400, 'AUTHORIZATION_REQUEST_INVALID');
      expect(res.body.refusal).toBe(refusal);
      expect(res.body.redirectTo).toBeUndefined();
    });
  }

  it('a control character in any field is refused by the schema, as in every text of the API (400 VALIDATION_FAILED)', async () => {
    const anna = await person(service);
    for (const field of ['clientId', 'redirectUri', 'scope', 'codeChallenge', 'state']) {
      const res = await service.http.post('/v1/oauth/approvals').set(anna.auth).send(approval(pkce().challenge, { [field]: 'a\u0000b\u0007c' }));
      expectProblem(res, 400, 'VALIDATION_FAILED');
      expect(res.body.redirectTo).toBeUndefined();
    }
    expectProblem(await service.http.post('/v1/oauth/user-codes').set(anna.auth).send({ userCode: 'BCDF\u0000GHJK' }), 400, 'VALIDATION_FAILED');
  });

  it('Deny sends the browser back with error=access_denied and the state, and makes no code', async () => {
    const anna = await person(service);
    const res = await service.http.post('/v1/oauth/approvals').set(anna.auth).send(approval(pkce().challenge, { approve: false })).expect(200);
    const to = new URL(res.body.redirectTo);
    expect(Object.fromEntries(to.searchParams)).toEqual({ error: 'access_denied', state: 'st-1', iss: service.url });
  });

  it('an app’s token, a bot’s token or no token cannot approve', async () => {
    const anna = await person(service);
    const app = await tokensFor(service, anna);
    const bot = (await service.http.post('/v1/players/me/tokens').set(anna.auth).send({ name: 'bot' }).expect(201)).body.token;
    for (const token of [app.access_token, bot]) expectProblem(await service.http.post('/v1/oauth/approvals').set(bearer(token)).send(approval(pkce().challenge)), 403, 'INSUFFICIENT_SCOPE');
    expectProblem(await service.http.post('/v1/oauth/approvals').send(approval(pkce().challenge)), 401, 'INVALID_TOKEN');
    // A bot's token has no account unless asked for (which only renews a sign-in's: test/oauth/scopes.test.ts).
    expect((await service.http.post('/v1/players/me/tokens').set(anna.auth).send({ name: 'bot 2' }).expect(201)).body.scopes).toEqual(['play', 'read']);
  });
});

describe('the device code', () => {
  const start = (scope = 'read play', client = 'Skat TV') => form(service, '/oauth/device/code', { client_id: client, scope });
  const poll = (deviceCode: string, client = 'Skat TV') => form(service, '/oauth/token', { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: deviceCode, client_id: client });

  it('refuses the account scope, an unknown one and a malformed client_id', async () => {
    expectOAuthError(await start('read account'), 'invalid_scope');
    expectOAuthError(await start('admin'), 'invalid_scope');
    expectOAuthError(await start(''), 'invalid_request');
    expectOAuthError(await start('read', ''), 'invalid_request');
  });

  it('pending, slow_down (the interval grows by 5 s), then the tokens', async () => {
    const anna = await person(service);
    const started = (await start().expect(200)).body;
    expectOAuthError(await poll(started.device_code), 'authorization_pending');
    clock.advance(2);
    expectOAuthError(await poll(started.device_code), 'slow_down');
    // Now 10 s: 6 s later is still too soon.
    clock.advance(6);
    expectOAuthError(await poll(started.device_code), 'slow_down');
    clock.advance(15);
    expectOAuthError(await poll(started.device_code), 'authorization_pending');
    await service.http.post('/v1/oauth/approvals').set(anna.auth).send({ userCode: started.user_code, approve: true }).expect(200);
    clock.advance(15);
    const tokens = (await poll(started.device_code).expect(200)).body;
    expect(tokens.scope).toBe('play read');
    clock.advance(15);
    expectOAuthError(await poll(started.device_code), 'invalid_grant');
  });

  it('a device code presented by another client_id is invalid_grant, and ends the request (as a code is spent)', async () => {
    const anna = await person(service);
    const started = (await start().expect(200)).body;
    await service.http.post('/v1/oauth/approvals').set(anna.auth).send({ userCode: started.user_code, approve: true }).expect(200);
    expectOAuthError(await poll(started.device_code, 'Other TV'), 'invalid_grant');
    clock.advance(15);
    expectOAuthError(await poll(started.device_code), 'invalid_grant');
  });

  it('a denied request answers access_denied', async () => {
    const anna = await person(service);
    const started = (await start().expect(200)).body;
    await service.http.post('/v1/oauth/approvals').set(anna.auth).send({ userCode: started.user_code, approve: false }).expect(200);
    expectOAuthError(await poll(started.device_code), 'access_denied');
  });

  it('an expired device code answers expired_token, and its user code is no longer found', async () => {
    const anna = await person(service);
    const started = (await start().expect(200)).body;
    clock.advance(601);
    expectOAuthError(await poll(started.device_code), 'expired_token');
    expectProblem(await service.http.post('/v1/oauth/user-codes').set(anna.auth).send({ userCode: started.user_code }), 404, 'USER_CODE_NOT_FOUND');
    expectProblem(await service.http.post('/v1/oauth/approvals').set(anna.auth).send({ userCode: started.user_code, approve: true }), 404, 'USER_CODE_NOT_FOUND');
  });

  it('an unknown device code is invalid_grant', async () => {
    expectOAuthError(await poll('no-such-device-code'), 'invalid_grant');
  });
});

describe('budgets and cross-origin use', () => {
  let limited: TestService;
  beforeAll(async () => {
    limited = await startTestService({
      config: { oauth: { endpoints: { points: 10, seconds: 60 }, userCodes: { points: 5, seconds: 60 } }, corsOrigins: ['https://only.example'] },
    });
  }, 120_000);
  afterAll(() => limited?.close());

  it('wrong user codes: 5 a minute, then 429 before the code is looked at, the right one too', async () => {
    const anna = await person(limited);
    const started = (await form(limited, '/oauth/device/code', { client_id: 'Skat TV', scope: 'read' }).expect(200)).body;
    for (let i = 0; i < 5; i++) expectProblem(await limited.http.post('/v1/oauth/user-codes').set(anna.auth).send({ userCode: 'BBBB-BBBB' }), 404, 'USER_CODE_NOT_FOUND');
    const refused = await limited.http.post('/v1/oauth/approvals').set(anna.auth).send({ userCode: started.user_code, approve: true });
    expectProblem(refused, 429, 'RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another person at another address is not held to Anna's budget; here the address is shared, so it is.
    const bert = await person(limited);
    expectProblem(await limited.http.post('/v1/oauth/user-codes').set(bert.auth).send({ userCode: started.user_code }), 429, 'RATE_LIMITED');
  });

  it('a flood of bad codes from one address: invalid_grant, then 429 with Retry-After', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 15; i++) answers.push((await form(limited, '/oauth/token', { grant_type: 'authorization_code', code: `guess-${i}`, code_verifier: pkce().verifier, redirect_uri: REDIRECT, client_id: 'x' })).status);
    // 10 a minute from this address (the suite's device code above took one of them): refusals, then 429 only.
    const firstRefused = answers.indexOf(429);
    expect(firstRefused).toBeGreaterThanOrEqual(9);
    expect(firstRefused).toBeLessThanOrEqual(10);
    expect(answers.slice(0, firstRefused).every((s) => s === 400)).toBe(true);
    expect(answers.slice(firstRefused).every((s) => s === 429)).toBe(true);
    const last = await form(limited, '/oauth/revoke', { token: 'x' });
    expectProblem(last, 429, 'RATE_LIMITED');
    expect(last.headers['access-control-allow-origin']).toBe('*');
  });

  it('any origin may call the token endpoint, though CORS_ORIGINS names one: preflight and answer', async () => {
    const preflight = await limited.http.options('/oauth/device/code').set('Origin', 'https://app.example').set('Access-Control-Request-Method', 'POST').set('Access-Control-Request-Headers', 'content-type');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    // The API's other calls keep to CORS_ORIGINS.
    const other = await limited.http.options('/v1/players').set('Origin', 'https://app.example').set('Access-Control-Request-Method', 'POST');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});
