// A sign-in's token is listed by the browser and system it came from, and any live token is
// renamed by its owner (PATCH /v1/players/me/tokens/{tokenId}), by nobody else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../support/problems.ts';
import { startTestService, type TestService } from '../support/service.ts';

const PASSWORD = 'correct horse battery staple';
const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0';
const SAFARI_IOS = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
}, 120_000);
afterAll(() => service?.close());

describe('token names', () => {
  it('names a sign-in by its browser, keeps "sign-in" without one, and lets the owner rename any live token', async () => {
    const up = await service.http.post('/v1/accounts').set('User-Agent', FIREFOX_ANDROID).send({ username: 'named_tokens', password: PASSWORD }).expect(201);
    const other = await service.http.post('/v1/sessions').set('User-Agent', SAFARI_IOS).send({ username: 'named_tokens', password: PASSWORD }).expect(201);
    const curl = await service.http.post('/v1/sessions').set('User-Agent', 'curl/8.5.0').send({ username: 'named_tokens', password: PASSWORD }).expect(201);
    const list = async () => (await service.http.get('/v1/players/me/tokens').set(bearer(up.body.token)).expect(200)).body.items as { tokenId: string; name: string }[];
    const nameOf = async (tokenId: string) => (await list()).find((t) => t.tokenId === tokenId)?.name;
    expect(await nameOf(up.body.tokenId)).toBe('Firefox on Android');
    expect(await nameOf(other.body.tokenId)).toBe('Safari on iOS');
    expect(await nameOf(curl.body.tokenId)).toBe('sign-in');

    const renamed = await service.http.patch(`/v1/players/me/tokens/${other.body.tokenId}`).set(bearer(up.body.token)).send({ name: 'Anna’s phone' }).expect(200);
    expect(renamed.body).toMatchObject({ tokenId: other.body.tokenId, name: 'Anna’s phone', current: false, scopes: ['play', 'read', 'account'] });
    expect(await nameOf(other.body.tokenId)).toBe('Anna’s phone');
    // Only the name changed: the token still works.
    await service.http.get('/v1/players/me').set(bearer(other.body.token)).expect(200);

    // Bad names, someone else's token, a revoked one.
    expectProblem(await service.http.patch(`/v1/players/me/tokens/${other.body.tokenId}`).set(bearer(up.body.token)).send({ name: '' }), 400, 'VALIDATION_FAILED');
    expectProblem(await service.http.patch(`/v1/players/me/tokens/${other.body.tokenId}`).set(bearer(up.body.token)).send({ name: 'x'.repeat(41) }), 400, 'VALIDATION_FAILED');
    const bert = await service.http.post('/v1/accounts').send({ username: 'bert_tokens', password: PASSWORD }).expect(201);
    expectProblem(await service.http.patch(`/v1/players/me/tokens/${other.body.tokenId}`).set(bearer(bert.body.token)).send({ name: 'mine now' }), 404, 'TOKEN_NOT_FOUND');
    await service.http.delete(`/v1/players/me/tokens/${curl.body.tokenId}`).set(bearer(up.body.token)).expect(204);
    expectProblem(await service.http.patch(`/v1/players/me/tokens/${curl.body.tokenId}`).set(bearer(up.body.token)).send({ name: 'gone' }), 404, 'TOKEN_NOT_FOUND');
    // A read-only token may not rename.
    const reader = await service.http.post('/v1/players/me/tokens').set(bearer(up.body.token)).send({ name: 'dashboard', scopes: ['read'] }).expect(201);
    expectProblem(await service.http.patch(`/v1/players/me/tokens/${reader.body.tokenId}`).set(bearer(reader.body.token)).send({ name: 'x' }), 403, 'INSUFFICIENT_SCOPE');
  });
});
