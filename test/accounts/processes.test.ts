// Two processes of the service on one Postgres database (as npm start runs them): a token revoked
// on one is refused by the other within a second, and a bot's open stream on one is listed as
// online by the other. Prints the revocation delay measured.
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, testDriver, type ScratchDatabase } from '../support/db.ts';
import { freePort, startServiceProcess, stopProcesses } from '../support/processes.ts';

const json = async (res: Response) => ({ status: res.status, body: (await res.json().catch(() => null)) as Record<string, any> });

describe.runIf(testDriver === 'postgres')('two processes of the service', () => {
  const children: ChildProcess[] = [];
  let scratch: ScratchDatabase | undefined;
  afterAll(async () => {
    await stopProcesses(children);
    await scratch?.drop();
  });

  it('a token revoked on one is refused by the other within a second; a bot online on one is listed by the other', async () => {
    scratch = await createScratchDatabase();
    const ports = [await freePort(), await freePort()];
    const processes = ports.map((port) => startServiceProcess(scratch!, port, { SINGLE_PROCESS: '1' }));
    children.push(...processes.map((p) => p.child));
    for (const p of processes) await p.ready;
    const [one, two] = ports.map((port) => `http://127.0.0.1:${port}`);
    const post = (url: string, body: unknown, token?: string) =>
      fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
    const me = (base: string, token: string) => fetch(`${base}/v1/players/me`, { headers: { Authorization: `Bearer ${token}` } });

    const bot = await json(await post(`${one}/v1/accounts`, { username: 'forever_bot', password: 'a long bot passphrase', bot: true }));
    expect(bot.status).toBe(201);
    const delays: number[] = [];
    for (let i = 0; i < 5; i++) {
      const made = await json(await post(`${one}/v1/players/me/tokens`, { name: `leaked ${i}` }, bot.body.token));
      expect((await me(two, made.body.token)).status).toBe(200);
      const t = performance.now();
      const revoked = await fetch(`${one}/v1/players/me/tokens/${made.body.tokenId}`, { method: 'DELETE', headers: { Authorization: `Bearer ${bot.body.token}` } });
      expect(revoked.status).toBe(204);
      let answer = await json(await me(two, made.body.token));
      while (answer.status === 200 && performance.now() - t < 3000) answer = await json(await me(two, made.body.token));
      delays.push(performance.now() - t);
      expect(answer.body.code).toBe('TOKEN_REVOKED');
    }
    console.log(`revocation delay across two processes (from the DELETE's start): ${delays.map((d) => d.toFixed(0)).join(', ')} ms`);
    expect(Math.max(...delays)).toBeLessThan(1000);

    const controller = new AbortController();
    const stream = await fetch(`${one}/v1/players/me/stream`, { headers: { Authorization: `Bearer ${bot.body.token}` }, signal: controller.signal });
    expect(stream.status).toBe(200);
    const online = async () => ((await json(await fetch(`${two}/v1/bots/online`))).body.items as { playerId: string }[]).map((i) => i.playerId);
    const deadline = Date.now() + 3000;
    while (!(await online()).includes(bot.body.playerId) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await online()).toContain(bot.body.playerId);
    controller.abort();
    while ((await online()).includes(bot.body.playerId) && Date.now() < deadline + 3000) await new Promise((r) => setTimeout(r, 50));
    expect(await online()).not.toContain(bot.body.playerId);
  }, 120_000);
});
