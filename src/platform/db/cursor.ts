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

/**
 * A cursor's timestamp: exactly as `toISOString` writes one, or InvalidCursorError. Anything
 * looser ("2026", "2026-02-31…") would reach the database's cast and fail there (a 500).
 */
export function decodeStamp(at: unknown): Date {
  if (typeof at !== 'string') throw new InvalidCursorError();
  const date = new Date(at);
  // Years 0001..9999 only: toISOString writes others as ±YYYYYY, which Postgres cannot hold.
  if (Number.isNaN(date.getTime()) || date.toISOString() !== at || !/^(?!0000)\d{4}-/.test(at)) throw new InvalidCursorError();
  return date;
}

/** A cursor's text (a sort key the database compares): no control characters (Postgres refuses NUL), no lone surrogates. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it refuses
const TEXT = /^(?:[\uD800-\uDBFF][\uDC00-\uDFFF]|[^\u0000-\u001F\u007F-\u009F\uD800-\uDFFF])*$/;
export const isCursorText = (x: unknown): x is string => typeof x === 'string' && TEXT.test(x);

/** Throws InvalidCursorError for anything `encodeCursor` could not have made. */
export function decodeCursor(cursor: string): CursorKey {
  const [at, id] = decodeTuple(cursor, 2);
  if (!isCursorId(id)) throw new InvalidCursorError();
  return { createdAt: decodeStamp(at), id };
}
