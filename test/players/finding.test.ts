// Finding someone to play: players by the beginning of their name (accounts only, any case,
// paginated), and the bots online with their ratings and the seeks they keep waiting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../support/problems.ts';
import { openSse } from '../support/sse.ts';
import { startTestService, type TestService } from '../support/service.ts';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service?.close());

const PASSWORD = 'correct horse battery staple';
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
async function signUp(username: string, body: Record<string, unknown> = {}) {
  const res = await service.http.post('/v1/accounts').send({ username, password: PASSWORD, ...body }).expect(201);
  return { ...res.body, auth: bearer(res.body.token) } as { playerId: string; token: string; auth: { Authorization: string } };
}
const find = async (query: string) => (await service.http.get(`/v1/players?${query}`).expect(200)).body as { items: { playerId: string; name: string; bot: boolean }[]; nextCursor: string | null };

describe('GET /v1/players?name=', () => {
  it('finds accounts whose name or username begins with the text, any case, in name order, page by page', async () => {
    const tag = `q${Date.now().toString(36)}`;
    const zora = await signUp(`${tag}_zora`, { name: `${tag.toUpperCase()} Zora` });
    const bot = await signUp(`${tag}_bot`, { name: `${tag} Automat`, bot: true });
    const renamed = await signUp(`${tag}_hidden`, { name: 'Somebody else' });
    // A guest of the same name is not listed; neither is a deleted account.
    await service.http.post('/v1/players').send({ name: `${tag} guest` }).expect(201);
    const gone = await signUp(`${tag}_gone`);
    await service.http.delete('/v1/players/me').set(gone.auth).expect(204);

    const all = await find(`name=${tag.toUpperCase()}`);
    expect(all.items).toEqual([
      { playerId: bot.playerId, name: `${tag} Automat`, bot: true },
      { playerId: zora.playerId, name: `${tag.toUpperCase()} Zora`, bot: false },
      { playerId: renamed.playerId, name: 'Somebody else', bot: false },
    ]);
    expect(all.nextCursor).toBeNull();

    // One at a time, by the cursor.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await find(`name=${tag}&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(1);
      seen.push(...page.items.map((p) => p.playerId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.items.map((p) => p.playerId));

    expect((await find(`name=${tag}%20zo`)).items.map((p) => p.playerId)).toEqual([zora.playerId]);
    // LIKE's wildcards stand for themselves.
    expect((await find(`name=${tag.slice(0, 2)}%25`)).items).toEqual([]);
    expect((await find(`name=${tag.slice(0, 2)}_`)).items).toEqual([]);
  });

  it('refuses an empty name and a cursor it did not hand out', async () => {
    expectProblem(await service.http.get('/v1/players?name='), 400, 'VALIDATION_FAILED');
    expectProblem(await service.http.get('/v1/players'), 400, 'VALIDATION_FAILED');
    expectProblem(await service.http.get('/v1/players?name=a&cursor=nonsense'), 400, 'INVALID_CURSOR');
  });
});

describe('GET /v1/bots/online', () => {
  it('lists each bot with the BOT badge, its ratings and the variants of its waiting seeks', async () => {
    const tag = `b${Date.now().toString(36)}`;
    const bot = await signUp(`${tag}_seeker`, { name: `${tag} Seeker`, bot: true });
    const stream = await openSse(`${service.url}/v1/players/me/stream`, bot.auth);
    try {
      await service.http.post('/v1/seeks').set(bot.auth).send({ variant: 'halfOpen', rated: true, turnSeconds: 60, whileConnected: true }).expect(201);
      await service.http.post('/v1/seeks').set(bot.auth).send({ variant: 'classic', rated: true, turnSeconds: 60, whileConnected: true }).expect(201);
      const deadline = Date.now() + 5000;
      let entry;
      do {
        entry = (await service.http.get('/v1/bots/online').expect(200)).body.items.find((b: { playerId: string }) => b.playerId === bot.playerId);
        if (!entry) await new Promise((r) => setTimeout(r, 50));
      } while (!entry && Date.now() < deadline);
      expect(entry).toMatchObject({ playerId: bot.playerId, name: `${tag} Seeker`, bot: true, ratings: {}, variants: ['classic', 'halfOpen'] });
      expect(entry.seeks.map((s: { variant: string; rated: boolean; status: string }) => [s.variant, s.rated, s.status])).toEqual([
        ['halfOpen', true, 'waiting'],
        ['classic', true, 'waiting'],
      ]);
    } finally {
      stream.close();
    }
  });
});
