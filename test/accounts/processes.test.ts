// Two processes of the service on one Postgres database (as npm start runs them): a token revoked
// on one is refused by the other within a second, and a bot's open stream on one is listed as
// online by the other. Prints the revocation delay measured.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, testDriver, type ScratchDatabase } from '../support/db.ts';

const ROOT = join(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function startProcess(scratch: ScratchDatabase, port: number): { child: ChildProcess; ready: Promise<void> } {
  const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), join(ROOT, 'src/main.ts')], {
    env: { PATH: process.env.PATH ?? '', ...scratch.env, HOST: '127.0.0.1', PORT: String(port), SINGLE_PROCESS: '1', SWEEP_INTERVAL_SECONDS: '0', DATABASE_POOL_SIZE: '4' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const ready = new Promise<void>((resolve, reject) => {
    const check = setInterval(() => {
      if (output.includes('listening on')) {
        clearInterval(check);
        resolve();
      } else if (child.exitCode !== null) {
        clearInterval(check);
        reject(new Error(`the service exited (${child.exitCode}): ${output}`));
      }
    }, 50);
  });
  return { child, ready };
}

const json = async (res: Response) => ({ status: res.status, body: (await res.json().catch(() => null)) as Record<string, any> });

describe.runIf(testDriver === 'postgres')('two processes of the service', () => {
  const children: ChildProcess[] = [];
  let scratch: ScratchDatabase | undefined;
  afterAll(async () => {
    for (const child of children) {
      if (child.exitCode !== null) continue;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await scratch?.drop();
  });

  it('a token revoked on one is refused by the other within a second; a bot online on one is listed by the other', async () => {
    scratch = await createScratchDatabase();
    const ports = [await freePort(), await freePort()];
    const processes = ports.map((port) => startProcess(scratch!, port));
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
