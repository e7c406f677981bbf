// Structured logs: one JSON line per request. Never a token, never a card.
export interface Logger {
  info(fields: Record<string, unknown>): void;
  error(fields: Record<string, unknown>): void;
}

export function jsonLogger(level: 'info' | 'silent', write: (line: string) => void = (l) => process.stdout.write(l)): Logger {
  const emit = (lvl: string, fields: Record<string, unknown>) => {
    if (level === 'silent') return;
    write(`${JSON.stringify({ time: new Date().toISOString(), level: lvl, ...fields })}\n`);
  };
  return { info: (f) => emit('info', f), error: (f) => emit('error', f) };
}

export const silentLogger: Logger = { info() {}, error() {} };
