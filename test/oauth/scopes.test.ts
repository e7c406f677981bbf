// The account scope: a sign-in's token has it (and renews into a token that has it); a bot's token
// made on /account never has it, is refused on every call of the account, and renews itself into
// no more than it has; an app's token makes no tokens at all.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, person, tokensFor } from '../support/oauth.ts';
import { expectProblem } from '../support/problems.ts';
import { startTestService, type TestService } from '../support/service.ts';
import { needsAccount } from '../../src/platform/auth/scopes.ts';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
}, 120_000);
afterAll(() => service?.close());

type Doc = { paths: Record<string, Record<string, { operationId: string }>> };
const doc = JSON.parse(readFileSync(new URL('../../openapi/openapi.json', import.meta.url), 'utf8')) as Doc;
/** Every operation of the document that needs `account`, by its path and method. */
const accountCalls = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops)
    .filter(([method]) => needsAccount(method.toUpperCase(), path.replaceAll(/\{[^}]+\}/g, 'x')))
    .map(([method, op]) => ({ method, path, operationId: op.operationId })),
);

describe('the account scope', () => {
  it('names the account’s calls: tokens (but a renewal), apps, approvals, password, claim, deletion', () => {
    expect(accountCalls.map((c) => c.operationId).sort()).toEqual(
      ['approveApp', 'changeMyPassword', 'claimAccount', 'deleteMe', 'listMyApps', 'listMyTokens', 'lookUpUserCode', 'renameMyToken', 'revokeAllMyTokens', 'revokeMyApp', 'revokeMyToken'].sort(),
    );
  });

  it('a bot’s token and an app’s token are refused on every one of them (403 INSUFFICIENT_SCOPE); a sign-in’s is not', async () => {
    const anna = await person(service);
    const bot = (await service.http.post('/v1/players/me/tokens').set(anna.auth).send({ name: 'bot' }).expect(201)).body;
    expect(bot.scopes).toEqual(['play', 'read']);
    const app = await tokensFor(service, anna);
    for (const token of [bot.token, app.access_token])
      for (const { method, path, operationId } of accountCalls) {
        const url = path.replaceAll(/\{[^}]+\}/g, () => crypto.randomUUID());
        const res = await (service.http as unknown as Record<string, (url: string) => { set(h: object): { send(b: object): Promise<{ status: number; body: { code?: string } }> } }>)
          [method](url)
          .set(bearer(token))
          .send({});
        expect(`${operationId} ${res.status} ${res.body.code}`).toBe(`${operationId} 403 INSUFFICIENT_SCOPE`);
      }
    await service.http.get('/v1/players/me/tokens').set(anna.auth).expect(200);
  });

  it('a bot’s token renews itself, into no more than it has', async () => {
    const anna = await person(service);
    const bot = (await service.http.post('/v1/players/me/tokens').set(anna.auth).send({ name: 'bot', expiresInDays: 30 }).expect(201)).body;
    const renewed = await service.http.post('/v1/players/me/tokens').set(bearer(bot.token)).send({ name: 'bot', scopes: ['play', 'read'], expiresInDays: 30 }).expect(201);
    expect(renewed.body.scopes).toEqual(['play', 'read']);
    expectProblem(await service.http.post('/v1/players/me/tokens').set(bearer(bot.token)).send({ name: 'bot', scopes: ['play', 'read', 'account'] }), 403, 'INSUFFICIENT_SCOPE');
    expectProblem(await service.http.post('/v1/players/me/tokens').set(bearer(bot.token)).send({ name: 'bot', expiresInDays: null }), 403, 'INSUFFICIENT_SCOPE');
    expectProblem(await service.http.post('/v1/players/me/tokens').set(bearer(bot.token)).send({ name: 'bot', expiresInDays: 31 }), 403, 'INSUFFICIENT_SCOPE');
  });

  it('a sign-in’s token renews into a sign-in’s (with account); an app’s token makes none', async () => {
    const anna = await person(service);
    const renewed = await service.http.post('/v1/players/me/tokens').set(anna.auth).send({ name: 'sign-in', scopes: ['play', 'read', 'account'], expiresInDays: 30 }).expect(201);
    expect(renewed.body.scopes).toEqual(['play', 'read', 'account']);
    await service.http.get('/v1/players/me/tokens').set(bearer(renewed.body.token)).expect(200);
    const app = await tokensFor(service, anna);
    expectProblem(await service.http.post('/v1/players/me/tokens').set(bearer(app.access_token)).send({ name: 'mine', scopes: ['read'], expiresInDays: 1 }), 403, 'INSUFFICIENT_SCOPE');
  });
});
