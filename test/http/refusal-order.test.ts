// The order of the edge's refusals for the API's operations, as src/app/app.ts states it: the
// limit per address (calls without a token), then the body's size and type, then the token, then
// the limit per player.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../support/problems.ts';
import { Client, startTestService, type TestService } from '../support/service.ts';

describe('the order of refusals', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({
      config: { limits: { player: { points: 1, seconds: 60 }, anonymous: { points: 1, seconds: 60 }, signup: { points: 0, seconds: 60 }, authFailures: { points: 0, seconds: 60 }, pages: { points: 0, seconds: 60 }, trustProxy: true, proxyHops: 1 } },
    });
  });
  afterAll(() => service?.close());

  const huge = { name: 'x'.repeat(20_000) };

  it('without a token: the limit per address (429) before the body (413)', async () => {
    const first = await service.http.post('/v1/games').set('X-Forwarded-For', '198.51.100.1').send(huge);
    expectProblem(first, 413, 'PAYLOAD_TOO_LARGE');
    const second = await service.http.post('/v1/games').set('X-Forwarded-For', '198.51.100.1').send(huge);
    expectProblem(second, 429, 'RATE_LIMITED');
  });

  it('with a token: the body (413) before the token (401), the token before the limit per player (429)', async () => {
    const anna = await new Client(service.http).player('Anna');
    const at = { 'X-Forwarded-For': '198.51.100.2' };
    await service.http.get('/v1/players/me').set(at).set(anna.auth).expect(200); // the player's one call
    expectProblem(await service.http.post('/v1/games').set(at).set(anna.auth).send(huge), 413, 'PAYLOAD_TOO_LARGE');
    expectProblem(await service.http.post('/v1/games').set(at).set('Authorization', 'Bearer not-a-token').send(huge), 413, 'PAYLOAD_TOO_LARGE');
    const badToken = await service.http.post('/v1/games').set(at).set('Authorization', 'Bearer not-a-token').send({});
    expect(badToken.status).toBe(401);
    expectProblem(await service.http.post('/v1/games').set(at).set(anna.auth).send({}), 429, 'RATE_LIMITED');
  });
});
