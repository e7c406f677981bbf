// Locks a process holds on names while it works on them, which any process can try without
// waiting: a name nobody holds has nobody at work on it. A create's Idempotency-Key is held this
// way while its create runs (create-answers.ts), so a repeat knows at once whether the try that
// left the key under way still runs: a try whose process died, or whose database went away (a
// crash, a failover), holds nothing any more.
//
// On Postgres: session advisory locks on one connection of the process's own, which the server
// drops with the session, whatever ends it (the process killed, the connection cut, the server
// stopped; a promoted standby never had them). It must be a session of its own to the end: through
// a pooler in transaction mode it is the direct DATABASE_LISTEN_URL (client.ts). A session lock is
// re-entrant, so the process also keeps the names it holds: a second request of its own finds the
// name held. On PGlite (one process's database: nobody else can hold anything) that set is all.
import { createHash } from 'node:crypto';
import type postgres from 'postgres';
import { type CallLimits, guardedClient } from './availability.ts';

/** Lets go of a name held; never fails (a lock it cannot let go of goes with its session). */
export type Release = () => Promise<void>;

export interface KeyLocks {
  /** Takes the lock on `name` when nobody (this process included) holds it: its release; else null. */
  tryHold(name: string): Promise<Release | null>;
  close(): Promise<void>;
}

/**
 * The two 32-bit advisory lock keys of a name (64 bits of its SHA-256): the two-key space, apart
 * from the one-key locks of the migrations and the sweeper. Two names sharing them (one chance in
 * 2^64) only make one wait for the other.
 */
export function lockKeys(name: string): [number, number] {
  const digest = createHash('sha256').update(name).digest();
  return [digest.readInt32BE(0), digest.readInt32BE(4)];
}

/** PGlite: the names this process holds. */
export function processKeyLocks(): KeyLocks {
  const held = new Set<string>();
  return {
    tryHold: async (name) => {
      if (held.has(name)) return null;
      held.add(name);
      return async () => {
        held.delete(name);
      };
    },
    close: async () => {},
  };
}

/**
 * Postgres: advisory locks on the one connection `open` makes (opened at the first lock, kept open
 * with no idle or lifetime limit: closing it would let go of every lock), each call bounded by
 * `limits`. A lock statement that fails leaves unknown whether it took or let go of its lock, so
 * that session is closed (the server drops all its locks; holders still at work are then seen gone
 * by other processes, which the id a create's key holds keeps from making a second thing) and the
 * next statement opens another.
 */
export function sessionKeyLocks(open: () => postgres.Sql, limits: CallLimits): KeyLocks {
  const held = new Set<string>();
  let session = open();
  let guarded = guardedClient(session, limits);
  const run = async (text: string, name: string): Promise<boolean> => {
    const s = session;
    try {
      const [row] = await guarded.unsafe<{ done: boolean }[]>(text, lockKeys(name));
      return row?.done === true;
    } catch (error) {
      if (s === session) {
        session = open();
        guarded = guardedClient(session, limits);
        await s.end({ timeout: 0 }).catch(() => {});
      }
      throw error;
    }
  };
  return {
    tryHold: async (name) => {
      if (held.has(name)) return null;
      held.add(name);
      let locked = false;
      try {
        locked = await run('select pg_try_advisory_lock($1::int, $2::int) as done', name);
      } finally {
        if (!locked) held.delete(name);
      }
      if (!locked) return null;
      return async () => {
        // Unlocked on the server first, forgotten here after: a request of this process taking
        // the name in between would get the lock again (re-entrant) and then lose it to this unlock.
        await run('select pg_advisory_unlock($1::int, $2::int) as done', name).catch(() => {});
        held.delete(name);
      };
    },
    close: () => session.end({ timeout: 5 }),
  };
}
