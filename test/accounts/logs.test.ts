// No password and no token in any log line, through sign-up, sign-in, refusals, token making
// and revocation; and none echoed in a refusal's answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonLogger } from '../../src/platform/log.ts';
import { startTestService, type TestService } from '../support/service.ts';

let service: TestService;
const lines: string[] = [];
let received = 0;
beforeAll(async () => {
  service = await startTestService({ log: jsonLogger('info', (line) => lines.push(line)) });
  service.server.on('request', () => received++);
});
afterAll(() => service?.close());

describe('the log of accounts and tokens', () => {
  it('names no password and no token', async () => {
    const secrets: string[] = [];
    const password = 'zebra quartz violin 42';
    secrets.push(password, 'wrong zebra quartz', 'short');
    const username = `log_${Date.now().toString(36)}`;
    const account = (await service.http.post('/v1/accounts').send({ username, password }).expect(201)).body;
    secrets.push(account.token);
    const session = (await service.http.post('/v1/sessions').send({ username, password }).expect(201)).body;
    secrets.push(session.token);
    const refused = await service.http.post('/v1/sessions').send({ username, password: 'wrong zebra quartz' }).expect(401);
    expect(refused.text).not.toContain('wrong zebra quartz');
    const weak = await service.http.post('/v1/accounts').send({ username: `${username}x`, password: 'short' }).expect(422);
    expect(weak.text).not.toContain('"short"');
    const made = (await service.http.post('/v1/players/me/tokens').set({ Authorization: `Bearer ${session.token}` }).send({ name: 'bot' }).expect(201)).body;
    secrets.push(made.token);
    await service.http.delete(`/v1/players/me/tokens/${made.tokenId}`).set({ Authorization: `Bearer ${session.token}` }).expect(204);
    const revoked = await service.http.get('/v1/players/me').set({ Authorization: `Bearer ${made.token}` }).expect(401);
    expect(revoked.text).not.toContain(made.token);
    await service.http.put('/v1/players/me/password').set({ Authorization: `Bearer ${session.token}` }).send({ currentPassword: 'wrong zebra quartz', newPassword: 'another long phrase' }).expect(403);
    secrets.push('another long phrase');

    for (let i = 0; i < 100 && lines.length < received; i++) await new Promise((r) => setTimeout(r, 10));
    expect(lines.length).toBeGreaterThanOrEqual(received);
    const all = lines.join('');
    for (const secret of secrets) expect(all).not.toContain(secret);
    expect(all).not.toMatch(/eyJ[A-Za-z0-9_-]{8,}/);
  });
});
