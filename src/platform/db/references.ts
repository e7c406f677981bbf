// Foreign keys across features. Each feature declares its own tables (src/<feature>/tables.ts) and
// imports no other feature's, yet its rows name other features' rows (a game its players, a seek
// the game it was paired into): such a column says `.references(() => column('players', 'id'))`,
// naming the row by its table's SQL name. Every tables.ts registers its tables here (ownTables).
// drizzle calls a reference's callback only when it builds the foreign keys' metadata (a foreign
// key's name, its target): drizzle-kit, after it has loaded every tables.ts drizzle.config.ts names,
// so the order the files load in does not matter. The service never asks at run time (nothing in
// src/ reads a table's foreign keys); a column asked for before its table is registered throws,
// naming the table.
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';

const tables = new Map<string, PgTable>();

/**
 * A tables.ts's tables, by their SQL names. (Two tables of one name: test/platform/tables.test.ts
 * finds them, comparing the tables with the committed migrations'.)
 */
export function ownTables(...declared: PgTable[]): void {
  for (const table of declared) tables.set(getTableName(table), table);
}

/** The column `name` (its SQL name) of the table `table` (its SQL name), whichever feature declares it. */
export function column(table: string, name: string): AnyPgColumn {
  const owner = tables.get(table);
  if (!owner) throw new Error(`no table ${table} is known: its tables.ts is not loaded (drizzle.config.ts names every one)`);
  const found = Object.values(getTableColumns(owner)).find((c) => c.name === name);
  if (!found) throw new Error(`table ${table} has no column ${name}`);
  // A column of a pg table (ownTables takes only those).
  return found as AnyPgColumn;
}
