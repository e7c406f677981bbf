// The lobby's opaque keyset cursor: the (created_at, id) of the last row a page showed.

import { InvalidCursorError } from './errors.ts';

export interface CursorKey {
  createdAt: Date;
  id: string;
}

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify([key.createdAt.toISOString(), key.id])).toString('base64url');
}

/** Throws InvalidCursorError for anything `encodeCursor` could not have made. */
export function decodeCursor(cursor: string): CursorKey {
  let value: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw new Error();
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError();
  }
  if (!Array.isArray(value) || value.length !== 2) throw new InvalidCursorError();
  const [at, id] = value as unknown[];
  if (typeof at !== 'string' || typeof id !== 'string' || !/^[A-Za-z0-9-]{1,64}$/.test(id)) throw new InvalidCursorError();
  const createdAt = new Date(at);
  // Years 0001..9999 only: toISOString writes others as ±YYYYYY, which Postgres cannot hold.
  if (Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== at || !/^(?!0000)\d{4}-/.test(at))
    throw new InvalidCursorError();
  return { createdAt, id };
}
