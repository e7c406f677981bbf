// Column helpers every tables.ts shares.
import { timestamp } from 'drizzle-orm/pg-core';

/**
 * A row's time, set by the database when not given. Millisecond precision: a JS Date round-trips
 * exactly, so a lobby cursor built from a row's created_at compares equal to that row
 * (microseconds would make it repeat).
 */
export const stamp = (name: string) => timestamp(name, { withTimezone: true, precision: 3 }).notNull().defaultNow();
