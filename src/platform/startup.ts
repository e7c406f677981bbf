// Why the service could not start, in one line for the operator: a port in use, a database that
// cannot be reached, the embedded database held by another process. No stack: the cause is
// outside the code, and the line says what to change.
import { DataDirInUseError } from './db/data-dir-lock.ts';
import type { PlatformConfig } from './config.ts';

/** The exit code of a worker that could not start: the primary stops instead of restarting it. */
export const STARTUP_FAILED = 78;

const DATABASE_CODES: Record<string, string> = {
  ECONNREFUSED: 'nothing listens there',
  ENOTFOUND: 'the host name is unknown',
  EAI_AGAIN: 'the host name could not be looked up',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host cannot be reached',
  ECONNRESET: 'the connection was reset',
  CONNECT_TIMEOUT: 'no answer within DATABASE_CONNECT_TIMEOUT_MS',
  '28P01': 'the password was refused',
  '28000': 'the role may not log in',
  '3D000': 'the database does not exist',
};

/** Where the database is, without its password. */
export function redactedUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'DATABASE_URL';
  }
}

/** The one line that says why the start failed; null when the failure is a bug (then the stack matters). */
export function startupProblem(e: unknown, config: Pick<PlatformConfig, 'port' | 'host' | 'databaseUrl'>): string | null {
  if (e instanceof DataDirInUseError) return e.message;
  const err = e as { code?: string; syscall?: string; message?: string; errors?: { code?: string }[] };
  const code = err?.code ?? err?.errors?.[0]?.code;
  if (err?.syscall === 'listen' || err?.syscall === 'bind') {
    if (code === 'EADDRINUSE') return `port ${config.port} on ${config.host} is in use by another process: stop it, or set PORT to a free port`;
    if (code === 'EACCES') return `port ${config.port} on ${config.host} is not open to this user: use a port above 1023 (PORT)`;
    if (code === 'EADDRNOTAVAIL') return `${config.host} is no address of this machine: set HOST (0.0.0.0 for every address)`;
  }
  if (code && code in DATABASE_CODES && config.databaseUrl?.startsWith('postgres'))
    return `the database at ${redactedUrl(config.databaseUrl)} cannot be used: ${DATABASE_CODES[code]} (${code}); check DATABASE_URL and that PostgreSQL is running`;
  return null;
}
