// Processes of the service as `npm start` runs them (src/main.ts), on a scratch Postgres database:
// started on free ports, ready once they log "listening on", stopped with SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { ScratchDatabase } from './db.ts';

const ROOT = join(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** No rate limits: the tests make many requests from one address. */
const UNLIMITED = { RATE_LIMIT_PLAYER: '0', RATE_LIMIT_ANONYMOUS: '0', RATE_LIMIT_SIGNUP: '0', RATE_LIMIT_AUTH_FAILURES: '0', RATE_LIMIT_PAGES: '0', RATE_LIMIT_SIGNIN: '0', RATE_LIMIT_SIGNIN_ADDRESS: '0' };

export interface ServiceProcess {
  url: string;
  child: ChildProcess;
  /** What it wrote to stdout and stderr so far. */
  output(): string;
  stop(): Promise<void>;
}

/** `count` processes of the service on `scratch`, each listening on its own port, started together. */
export async function startProcesses(scratch: ScratchDatabase, count: number, env: Record<string, string> = {}): Promise<ServiceProcess[]> {
  const started = await Promise.all(
    Array.from({ length: count }, async () => {
      const port = await freePort();
      const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), join(ROOT, 'src/main.ts')], {
        env: { PATH: process.env.PATH ?? '', ...scratch.env, ...UNLIMITED, HOST: '127.0.0.1', PORT: String(port), SINGLE_PROCESS: '1', SWEEP_INTERVAL_SECONDS: '0', DATABASE_POOL_SIZE: '4', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout?.on('data', (d) => (output += d));
      child.stderr?.on('data', (d) => (output += d));
      await new Promise<void>((resolve, reject) => {
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
      const stop = async () => {
        if (child.exitCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      };
      return { url: `http://127.0.0.1:${port}`, child, stop, output: () => output };
    }),
  );
  return started;
}
