// The service as a child process, as `npm run dev` starts it (the sources through tsx), for the
// suites that run several processes of it on one database (test/deploy.test.ts,
// test/accounts/processes.test.ts). Each checks its answers against the committed document when
// the test run does (VALIDATE_RESPONSES).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { ScratchDatabase } from './db.ts';
import { checkingEnv } from './openapi.ts';

const ROOT = join(import.meta.dirname, '../..');

/** A port free now (the kernel's pick, let go at once). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ServiceProcess {
  child: ChildProcess;
  /** Resolves once the process listens; rejects (with its output) if it exits first. */
  ready: Promise<void>;
  /** What it wrote to stdout and stderr so far. */
  output: () => string;
}

/**
 * One process of the service on `scratch`'s database at `port`, without the sweeper and with a
 * small pool; `env` adds to (or overrides) that.
 */
export function startServiceProcess(scratch: ScratchDatabase, port: number, env: Record<string, string> = {}): ServiceProcess {
  const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), join(ROOT, 'src/main.ts')], {
    env: {
      PATH: process.env.PATH ?? '',
      ...checkingEnv(),
      ...scratch.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      SWEEP_INTERVAL_SECONDS: '0',
      DATABASE_POOL_SIZE: '4',
      // No house bots (the embedded database's default) unless a test asks for them.
      HOUSE_BOTS: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
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
  return { child, ready, output: () => output };
}

/** Stops the processes still running (SIGTERM, the graceful shutdown) and waits for each to exit. */
export async function stopProcesses(children: readonly ChildProcess[]): Promise<void> {
  for (const child of children) {
    if (child.exitCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

/** No rate limits: the tests make many requests from one address. */
const UNLIMITED = { RATE_LIMIT_PLAYER: '0', RATE_LIMIT_ANONYMOUS: '0', RATE_LIMIT_SIGNUP: '0', RATE_LIMIT_AUTH_FAILURES: '0', RATE_LIMIT_PAGES: '0', RATE_LIMIT_SIGNIN: '0', RATE_LIMIT_SIGNIN_ADDRESS: '0', RATE_LIMIT_SIGNIN_USERNAME_ADDRESS: '0' };

export interface RunningProcess {
  url: string;
  child: ChildProcess;
  /** What it wrote to stdout and stderr so far. */
  output(): string;
  stop(): Promise<void>;
}

/** `count` single processes of the service on `scratch`, without rate limits, each on its own port, started together. */
export async function startProcesses(scratch: ScratchDatabase, count: number, env: Record<string, string> = {}): Promise<RunningProcess[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const port = await freePort();
      const { child, ready, output } = startServiceProcess(scratch, port, { ...UNLIMITED, SINGLE_PROCESS: '1', ...env });
      await ready;
      return { url: `http://127.0.0.1:${port}`, child, output, stop: () => stopProcesses([child]) };
    }),
  );
}
