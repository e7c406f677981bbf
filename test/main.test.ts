// `npm start` as an operator meets it: the primary and its workers, started as processes. A cause
// outside the code (a port in use, a database away, the embedded database held by another
// process, a setting that cannot work) ends the start with one line and a non-zero exit, never a
// stack and never a restart loop; WEB_CONCURRENCY runs that many workers on one port.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createScratchDatabase, testDriver } from './support/db.ts';
import { migratedDataDir } from './support/db-template.ts';
import { checkingEnv } from './support/openapi.ts';
import { freePort } from './support/processes.ts';

const ROOT = join(import.meta.dirname, '..');
const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

interface Run {
  child: ChildProcess;
  stdout: string;
  stderr: string;
  exited: Promise<number | null>;
}

/** The service as `npm run dev` starts it (the sources through tsx), with this environment. */
function start(env: Record<string, string>, cwd = ROOT): Run {
  // tsx by its full address: the process may run elsewhere (the embedded database lives in ./.data).
  const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), join(ROOT, 'src/main.ts')], {
    cwd,
    // No house bots (the embedded database's default) unless a test asks for them.
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', SWEEP_INTERVAL_SECONDS: '0', HOUSE_BOTS: 'off', ...checkingEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  const run: Run = { child, stdout: '', stderr: '', exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))) };
  child.stdout!.on('data', (d) => (run.stdout += d));
  child.stderr!.on('data', (d) => (run.stderr += d));
  return run;
}

async function until(check: () => boolean, what: string, ms = 30_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The exit code, within `ms`. */
async function exitOf(run: Run, ms = 30_000): Promise<number | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)));
  const code = await Promise.race([run.exited, late]);
  clearTimeout(timer);
  if (code === 'late') throw new Error(`still running after ${ms} ms; stderr: ${run.stderr}`);
  return code;
}

const oneLine = (text: string) => text.trim().split('\n');

/**
 * A directory whose embedded database (./.data, where a start without DATABASE_URL keeps it) is
 * already made and migrated: the run's snapshot (test/support/db-template.ts) unpacked. A start
 * there skips PGlite's initdb and the migrations' work (seconds of a core on a loaded machine).
 */
async function madeDataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'skat-data-'));
  await migratedDataDir(join(dir, '.data'));
  return dir;
}

describe('npm start', () => {
  it('a port in use: one line, exit 1, no restart', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as AddressInfo;
    // The worker opens its database before it listens: a made one, not a new in-memory one.
    const dir = await madeDataDir();
    try {
      const run = start({ PORT: String(port) }, dir);
      expect(await exitOf(run)).toBe(1);
      expect(oneLine(run.stderr)).toEqual([`cannot start: port ${port} on 127.0.0.1 is in use by another process: stop it, or set PORT to a free port`]);
      // The primary tried once: one worker's failure, no second start.
      expect(run.stdout.match(/worker \d+ could not start/g)).toHaveLength(1);
    } finally {
      blocker.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('an unreachable database: one line naming it without its password, exit 1', async () => {
    const run = start({ PORT: String(await freePort()), DATABASE_URL: 'postgres://skat:hunter2@127.0.0.1:1/skat', DATABASE_CONNECT_TIMEOUT_MS: '2000' });
    expect(await exitOf(run)).toBe(1);
    expect(oneLine(run.stderr)).toEqual([
      'cannot start: the database at postgres://skat:***@127.0.0.1:1/skat cannot be used: nothing listens there (ECONNREFUSED); check DATABASE_URL and that PostgreSQL is running',
    ]);
    expect(run.stdout + run.stderr).not.toContain('hunter2');
  });

  it('a setting that cannot work: one line, exit 2', async () => {
    const run = start({ WEB_CONCURRENCY: '2' });
    expect(await exitOf(run)).toBe(2);
    expect(oneLine(run.stderr)).toEqual([
      'configuration error: WEB_CONCURRENCY: 2 workers need a PostgreSQL server (DATABASE_URL=postgres://…); the embedded database serves one process',
    ]);
  });

  it('a house ladder setting that is no number: one line, exit 2', async () => {
    const run = start({ HOUSE_BOTS: 'all', HOUSE_LADDER_GAMES: 'many' });
    expect(await exitOf(run)).toBe(2);
    expect(oneLine(run.stderr)).toEqual(['configuration error: HOUSE_LADDER_GAMES: expected an integer 0..100, got "many"']);
  });

  it('a second process on the same database directory refuses to start, in one line; the first’s log names its address', async () => {
    const dir = await madeDataDir();
    try {
      // HOST as the default has it: the log names every address, and a URL one can open.
      const port = await freePort();
      const first = start({ PORT: String(port), HOST: '0.0.0.0' }, dir);
      await until(() => first.stdout.includes('listening on'), 'the first process to listen');
      expect(first.stdout).toContain(`listening on every IPv4 address (0.0.0.0) port ${port}: open http://127.0.0.1:${port} (database: `);
      const second = start({ PORT: String(await freePort()) }, dir);
      expect(await exitOf(second)).toBe(1);
      expect(oneLine(second.stderr)).toHaveLength(1);
      expect(second.stderr).toMatch(/^cannot start: the embedded database in .* is in use by another process \(pid \d+\)/);
      first.child.kill('SIGTERM');
      expect(await exitOf(first)).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(testDriver !== 'postgres')('WEB_CONCURRENCY=2 on Postgres: two workers serve one port, their metrics are summed, and they stop together', async () => {
    // Migrated already (a copy of the run's template): the two workers find nothing to do.
    const scratch = await createScratchDatabase({ migrated: true });
    try {
      const port = await freePort();
      const run = start({ PORT: String(port), ...scratch.env, WEB_CONCURRENCY: '2', METRICS: 'on' });
      await until(() => (run.stdout.match(/listening on/g) ?? []).length === 2, 'two workers to listen');
      const pids = new Set([...run.stdout.matchAll(/"pid":(\d+)[^\n]*listening on/g)].map((m) => m[1]));
      expect(pids.size).toBe(2);
      // Many connections, answered by both (the primary hands them out in turn).
      const answered = await Promise.all(Array.from({ length: 20 }, () => fetch(`http://127.0.0.1:${port}/healthz`, { headers: { Connection: 'close' } })));
      expect(answered.every((r) => r.status === 200)).toBe(true);
      // Whichever worker a scrape reaches, it counts the requests of both.
      const healthz = async () => {
        const text = await (await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { Connection: 'close' } })).text();
        return Number(/^http_requests_total\{method="GET",route="\/healthz",status="200"\} (\d+)/m.exec(text)?.[1] ?? 0);
      };
      for (let i = 0; i < 4; i++) expect(await healthz()).toBe(20);
      run.child.kill('SIGTERM');
      expect(await exitOf(run)).toBe(0);
    } finally {
      await scratch.drop();
    }
  });
});
