// The opaque keyset cursors of the lists: a JSON tuple of the last row a page showed, in
// base64url. The lobbies' is (created_at, id); the leaderboard's (ratings/store.ts) its own tuple.

import { InvalidCursorError } from './errors.ts';

export interface CursorKey {
  createdAt: Date;
  id: string;
}

/** An id as the services make them (UUIDs): what a cursor's id may be. */
const ID = /^[A-Za-z0-9-]{1,64}$/;
export const isCursorId = (x: unknown): x is string => typeof x === 'string' && ID.test(x);

/** A tuple of JSON values as a cursor. */
export function encodeTuple(values: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/** The tuple of `length` values a cursor holds; InvalidCursorError for anything else (the caller checks the values). */
export function decodeTuple(cursor: string, length: number): unknown[] {
  let value: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw new Error();
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError();
  }
  if (!Array.isArray(value) || value.length !== length) throw new InvalidCursorError();
  return value;
}

export function encodeCursor(key: CursorKey): string {
  return encodeTuple([key.createdAt.toISOString(), key.id]);
}

/** Throws InvalidCursorError for anything `encodeCursor` could not have made. */
export function decodeCursor(cursor: string): CursorKey {
  const [at, id] = decodeTuple(cursor, 2);
  if (typeof at !== 'string' || !isCursorId(id)) throw new InvalidCursorError();
  const createdAt = new Date(at);
  // Years 0001..9999 only: toISOString writes others as ±YYYYYY, which Postgres cannot hold.
  if (Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== at || !/^(?!0000)\d{4}-/.test(at))
    throw new InvalidCursorError();
  return { createdAt, id };
}
