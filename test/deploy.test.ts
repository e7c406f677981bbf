// The deployment recipe (deploy/): its files say what the service accepts, and the shape it
// describes works — several processes of the service on one database (through pgbouncer in the
// suite's pooled run), behind a balancer that hands each connection to the next process: bots
// play whole games across them, woken across processes, every record verifying.
import { execFileSync, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runBots } from '../src/cli/bot-runner.ts';
import { verifyRecord } from '../src/record/index.ts';
import { loadConfig } from '../src/app/config.ts';
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

describe('deploy/ha/', () => {
  const ha = (name: string) => deployFile(join('ha', name));
  it("compose.yaml is ha.sh's topology: etcd, two Patroni nodes, two service nodes, HAProxy configured the same", async () => {
    // Its nodes share their settings through YAML anchors and merge keys (<<), as compose reads them.
    const compose = parse(await ha('compose.yaml'), { merge: true }) as {
      services: Record<string, { environment?: Record<string, string>; volumes?: string[]; build?: { dockerfile?: string } }>;
    };
    expect(Object.keys(compose.services).sort()).toEqual(['app1', 'app2', 'etcd1', 'etcd2', 'etcd3', 'haproxy', 'pg1', 'pg2']);
    const script = await ha('ha.sh');
    // What the script gives its service nodes by default (`ha.sh env` starts nothing).
    const haEnv = Object.fromEntries(
      execFileSync('bash', [join(ROOT, 'deploy/ha/ha.sh'), 'env'], { encoding: 'utf8', env: { PATH: process.env.PATH, HA_DIR: '/tmp/offiziersskat-ha-env' } })
        .trim()
        .split('\n')
        .map((line) => line.split(/=(.*)/s).slice(0, 2)),
    ) as Record<string, string | undefined>;
    for (const app of ['app1', 'app2']) {
      const filled = Object.fromEntries(
        Object.entries(compose.services[app].environment ?? {}).map(([k, v]) => [
          k,
          String(v).replace(/\$\{(\w+)(?::[?-]([^}]*))?\}/g, (_, name: string) => ({ POSTGRES_PASSWORD: 'pw', METRICS_TOKEN: 'a-long-enough-metrics-token' })[name] ?? ''),
        ]),
      );
      const config = loadConfig(filled);
      // HAProxy's Postgres listener, which forwards to the primary: as ha.sh's database_url.
      expect(/@([^/]+)\//.exec(config.databaseUrl!)?.[1]).toBe('haproxy:5432');
      expect(haEnv.DATABASE_URL).toBe(`postgres://postgres@127.0.0.1:${Number(haEnv.LB_URL!.split(':').at(-1)) + 3}/skat`);
      expect(config.databaseListenUrl).toBeUndefined();
    }
    // The same Patroni settings and HAProxy configuration as the script.
    expect(script).toContain('"$HERE/patroni.yml"');
    expect(await ha('pg/Dockerfile')).toContain('COPY patroni.yml /etc/patroni/patroni.yml');
    expect(await ha('pg/entrypoint.sh')).toContain('patroni /etc/patroni/patroni.yml');
    for (const n of [1, 2]) expect(compose.services[`pg${n}`].environment).toMatchObject({ PATRONI_NAME: `pg${n}`, PATRONI_POSTGRESQL_CONNECT_ADDRESS: `pg${n}:5432` });
    expect(script).toContain('"$HERE/haproxy.cfg"');
    expect(compose.services.haproxy.volumes).toContain('./haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro');
    expect(compose.services.haproxy.environment).toMatchObject({ APP1_ADDR: 'app1:3000', APP2_ADDR: 'app2:3000', PG1_ADDR: 'pg1:5432', PG2_ADDR: 'pg2:5432' });
    // Synchronous: the standby counts for the commit (one patroni.yml for both).
    const patroni = parse(await ha('patroni.yml')) as { bootstrap: { dcs: { synchronous_mode: boolean } } };
    expect(patroni.bootstrap.dcs.synchronous_mode).toBe(true);
  });

  it('haproxy.cfg checks /healthz, outlasts a long poll and a heartbeat, and answers a lost node with 503 and Retry-After', async () => {
    const cfg = await ha('haproxy.cfg');
    expect(cfg).toMatch(/option httpchk GET \/healthz/);
    const serverTimeout = Number(/timeout server (\d+)s/.exec(cfg)?.[1]);
    expect(serverTimeout * 1000).toBeGreaterThan(DEFAULT_TIMING.longPollMs);
    expect(serverTimeout * 1000).toBeGreaterThan(DEFAULT_TIMING.heartbeatMs);
    for (const status of [502, 503, 504]) {
      expect(cfg).toContain(`errorfile ${status} errors/${status}.http`);
      const answer = await ha(`errors/${status}.http`);
      expect(answer).toMatch(/^HTTP\/1\.1 503 /);
      expect(answer).toMatch(/\r\nRetry-After: 1\r\n/);
      const body = JSON.parse(answer.split('\r\n\r\n')[1]);
      expect(body).toMatchObject({ status: 503, code: 'NODE_UNAVAILABLE' });
    }
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
