// Structured logs through pino: one JSON line per request (and per failure), each with the
// request id of the request it belongs to. Never a token, never a card (test/http/logs.test.ts).
import { AsyncLocalStorage } from 'node:async_hooks';
import { pino } from 'pino';

/** What the service logs through: pino's two levels that it uses. */
export interface Logger {
  info(fields: Record<string, unknown>): void;
  error(fields: Record<string, unknown>): void;
}

/** The request being served, for every log line written while serving it. */
export const requestContext = new AsyncLocalStorage<{ requestId: string }>();

/**
 * A pino logger at `level` ('silent': nothing), writing to stdout or to `write`. Lines carry an
 * ISO time, the level by name, the process id (several processes serve one database), and the
 * request id when written while a request is served.
 */
export function jsonLogger(level: 'info' | 'silent', write?: (line: string) => void): Logger {
  return pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => requestContext.getStore() ?? {},
    },
    write ? { write } : pino.destination({ sync: false }),
  );
}

export const silentLogger: Logger = { info() {}, error() {} };
