// Structured logs through pino: one JSON line per request (and per failure), each with the
// request id of the request it belongs to, which the caller passes in the line's fields (the
// context has it; an AsyncLocalStorage would cost every promise of every request a hook). Never
// a token, never a card (test/http/logs.test.ts).
import { pino } from 'pino';

/** What the service logs through: pino's two levels that it uses. */
export interface Logger {
  info(fields: Record<string, unknown>): void;
  error(fields: Record<string, unknown>): void;
}

/**
 * A pino logger at `level` ('silent': nothing), writing to stdout or to `write`. Lines carry an
 * ISO time, the level by name and the process id (several processes serve one database).
 */
export function jsonLogger(level: 'info' | 'silent', write?: (line: string) => void): Logger {
  return pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    write ? { write } : pino.destination({ sync: false }),
  );
}

