// The standings' pages: every row once, in order, across pages; a cursor names a place in the
// ranking, not a row (a row gone from the table is no hole); forged cursors are refused.
import { describe, expect, it } from 'vitest';
import { encodeTuple } from '../platform/db/cursor.ts';
import { InvalidCursorError } from '../platform/db/errors.ts';
import { standingsPage } from './standings-page.ts';

// Ranks 1, 2, 2, 4, 5, … (players 2 and 3 tied), by playerId within a tie.
const table = Array.from({ length: 11 }, (_, i) => ({ rank: i === 2 ? 2 : i + 1, playerId: `p${String(i).padStart(2, '0')}` }));

describe('standingsPage', () => {
  it('pages through the whole table in order, each row once, the last page saying so', () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = standingsPage(table, 3, cursor);
      seen.push(...page.rows.map((r) => r.playerId));
      cursor = page.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(seen).toEqual(table.map((r) => r.playerId));
    expect(pages).toBe(4);
    expect(standingsPage(table, 11).nextCursor).toBeNull();
    expect(standingsPage([], 5)).toEqual({ rows: [], nextCursor: null });
  });

  it('goes on after the place the cursor names, between tied players too', () => {
    // After the first of the two tied at rank 2: the second of them.
    const page = standingsPage(table, 2, encodeTuple([2, 'p01']));
    expect(page.rows.map((r) => r.playerId)).toEqual(['p02', 'p03']);
    // A row that has left the table since (a rank that no longer holds it): the next place.
    expect(standingsPage(table, 1, encodeTuple([3, 'zz'])).rows.map((r) => r.playerId)).toEqual(['p03']);
    expect(standingsPage(table, 5, encodeTuple([99, 'p00']))).toEqual({ rows: [], nextCursor: null });
  });

  it('refuses a cursor it could not have made', () => {
    for (const bad of ['nonsense', encodeTuple([0, 'p01']), encodeTuple([1.5, 'p01']), encodeTuple(['1', 'p01']), encodeTuple([1, 'p 01']), encodeTuple([1])])
      expect(() => standingsPage(table, 3, bad), bad).toThrow(InvalidCursorError);
  });
});
