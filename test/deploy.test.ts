// The deployment recipe (deploy/): its files say what the service accepts, and the shape it
// describes works — several processes of the service on one database (through pgbouncer in the
// suite's pooled run), behind a balancer that hands each connection to the next process: bots
// play whole games across them, woken across processes, every record verifying.
import type { ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runBots } from '../src/cli/bot-runner.ts';
import { verifyRecord } from '../src/record/index.ts';
import { loadConfig } from '../src/platform/config.ts';
import { DEFAULT_TIMING } from '../src/app/deps.ts';
import { createScratchDatabase, testDriver, throughPooler, type ScratchDatabase } from './support/db.ts';
import { freePort, startServiceProcess, stopProcesses } from './support/processes.ts';

const ROOT = join(import.meta.dirname, '..');
const deployFile = (name: string) => readFile(join(ROOT, 'deploy', name), 'utf8');

describe('deploy/', () => {
  it("compose.yaml: the app's environment is a configuration the service accepts, through pgbouncer in transaction mode", async () => {
    const compose = parse(await deployFile('compose.yaml')) as { services: Record<string, { environment?: Record<string, string>; image?: string; build?: unknown }> };
    expect(Object.keys(compose.services).sort()).toEqual(['app', 'lb', 'pgbouncer', 'postgres']);
    // ${VAR:?message} and ${VAR:-default} as docker compose fills them in.
    const filled = Object.fromEntries(
      Object.entries(compose.services.app.environment ?? {}).map(([k, v]) => [
        k,
        String(v).replace(/\$\{(\w+)(?::[?-]([^}]*))?\}/g, (_, name: string) => ({ POSTGRES_PASSWORD: 'pw', METRICS_TOKEN: 'a-long-enough-metrics-token' })[name] ?? ''),
      ]),
    );
    const config = loadConfig(filled);
    expect(config.databasePoolMode).toBe('transaction');
    expect(new URL(config.databaseUrl!).host).toBe('pgbouncer:6432');
    expect(new URL(config.databaseListenUrl!).host).toBe('postgres:5432');
    expect(config.limits.trustProxy).toBe(true);
    expect(config.metrics).toEqual({ enabled: true, token: 'a-long-enough-metrics-token' });
    const ini = await deployFile('pgbouncer/pgbouncer.ini');
    expect(ini).toMatch(/^pool_mode = transaction$/m);
    expect(ini).toMatch(/^listen_port = 6432$/m);
  });

  it('nginx.conf lets long polls and streams through: no buffering, more patience than a long poll', async () => {
    const conf = await deployFile('nginx.conf');
    expect(conf).toMatch(/proxy_buffering off;/);
    const readTimeout = Number(/proxy_read_timeout (\d+)s;/.exec(conf)?.[1]);
    expect(readTimeout * 1000).toBeGreaterThan(DEFAULT_TIMING.longPollMs);
    expect(readTimeout * 1000).toBeGreaterThan(DEFAULT_TIMING.heartbeatMs);
    expect(conf).toMatch(/server app:3000;/);
  });
});

// ------------------------------------------------------------------ the shape, run

/** A balancer as nginx is one here: each new connection to the next backend, bytes passed through. */
function roundRobin(ports: number[]): Promise<{ port: number; handed: number[]; close(): Promise<void> }> {
  const handed = ports.map(() => 0);
  const sockets = new Set<Socket>();
  let next = 0;
  const server: Server = createServer((client) => {
    const i = next++ % ports.length;
    handed[i]++;
    const backend = connect(ports[i], '127.0.0.1');
    for (const s of [client, backend]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        backend.destroy();
      });
    }
    client.pipe(backend);
    backend.pipe(client);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        handed,
        close: () =>
          new Promise<void>((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      }),
    ),
  );
}

describe.runIf(testDriver === 'postgres')(`two processes of the service behind a balancer${throughPooler ? ', through pgbouncer' : ''}`, () => {
  const children: ChildProcess[] = [];
  let scratch: ScratchDatabase | undefined;
  let balancer: Awaited<ReturnType<typeof roundRobin>> | undefined;
  afterAll(async () => {
    await balancer?.close();
    await stopProcesses(children);
    await scratch?.drop();
  });

  it('play whole games: every game finished, no unexpected error, both processes serving, every record verifying', async () => {
    scratch = await createScratchDatabase();
    const ports = [await freePort(), await freePort()];
    const processes = ports.map((port) => startServiceProcess(scratch!, port, { TRUST_PROXY: 'true', RATE_LIMIT_SIGNUP: '0' }));
    children.push(...processes.map((p) => p.child));
    // One at a time: they migrate the same database at start (under an advisory lock).
    for (const p of processes) await p.ready;
    balancer = await roundRobin(ports);
    const summary = await runBots({
      server: `http://127.0.0.1:${balancer.port}`,
      games: 16,
      concurrency: 8,
      strategy: 'greedy',
      opponent: 'random',
      seed: 2026,
    });
    expect(summary.samples).toEqual([]);
    expect(summary.unexpected).toBe(0);
    expect(summary.games).toBe(16);
    // The bots' keep-alive connections were spread over both processes: moves made on one woke
    // the long polls held by the other (LISTEN/NOTIFY, past the pooler).
    expect(balancer.handed.every((n) => n > 0)).toBe(true);
    for (const gameId of summary.gameIds.slice(0, 4)) {
      const record = await (await fetch(`http://127.0.0.1:${balancer.port}/v1/games/${gameId}/record`)).json();
      expect(verifyRecord(record).problems).toEqual([]);
    }
  }, 120_000);
});
