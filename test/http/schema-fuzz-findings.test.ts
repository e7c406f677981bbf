// What the schema fuzzer (schema-fuzz.test.ts) found, one case each, so each stays fixed even
// where the fuzzer's runs no longer go. Every answer here is checked against the document by the
// test clients (test/support/openapi.ts): an undocumented status fails the test by itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../support/problems.ts';
import { Client, startTestService, type TestPlayer, type TestService } from '../support/service.ts';

let service: TestService;
let client: Client;
let anna: TestPlayer;
beforeAll(async () => {
  service = await startTestService();
  client = new Client(service.http);
  anna = await client.player('Anna');
});
afterAll(() => service?.close());

describe('refusals of a body outside POST are documented', () => {
  const big = JSON.stringify({ currentPassword: 'x'.repeat(17 * 1024), newPassword: 'y' });

  it('a body over 16 KiB on PUT and DELETE → 413 PAYLOAD_TOO_LARGE', async () => {
    expectProblem(await service.http.put('/v1/players/me/password').set(anna.auth).set('Content-Type', 'application/json').send(big), 413, 'PAYLOAD_TOO_LARGE');
    const game = await client.createGame(anna, {});
    expectProblem(await service.http.delete(`/v1/games/${game.id}`).set(anna.auth).set('Content-Type', 'application/json').send(big), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('a body that is not JSON on PUT → 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const res = await service.http.put('/v1/players/me/password').set(anna.auth).set('Content-Type', 'text/plain').send('{"currentPassword":"a","newPassword":"b"}');
    expectProblem(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });
});

describe("node's refusals of a request head are documented for every operation", () => {
  it('a URL longer than the head may be → 431 HEADERS_TOO_LARGE', async () => {
    // fetch: the answer is checked against the operation the URL names (test/support/setup.ts).
    const res = await fetch(`${service.url}/v1/games?cursor=${'x'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect((await res.json()).code).toBe('HEADERS_TOO_LARGE');
    const health = await fetch(`${service.url}/healthz`, { headers: { 'X-Padding': 'x'.repeat(20_000) } });
    expect(health.status).toBe(431);
  });
});
