// The tables as drizzle-kit sees them, without drizzle-kit: every tables.ts (those
// drizzle.config.ts loads) imported, each foreign key resolved (the references across features
// name their target by SQL name and resolve once every table is known, platform/db/references.ts),
// and compared with the last committed migration's snapshot: the same tables, and the same foreign
// keys (constraint names, columns, targets, actions). `npx drizzle-kit generate` finding nothing to
// do says the same of everything else.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import '../../src/accounts/tables.ts';
import { column } from '../../src/platform/db/references.ts';
import { isTablesFile, ROOT, sourceFiles } from '../../tools/imports.ts';

interface SnapshotKey {
  name: string;
  tableFrom: string;
  tableTo: string;
  columnsFrom: string[];
  columnsTo: string[];
  onDelete: string;
  onUpdate: string;
}

function lastSnapshot(): { tables: Record<string, { name: string; foreignKeys: Record<string, SnapshotKey> }> } {
  const journal = JSON.parse(readFileSync(join(ROOT, 'drizzle/meta/_journal.json'), 'utf8')) as { entries: { idx: number }[] };
  const last = journal.entries.at(-1)!.idx;
  return JSON.parse(readFileSync(join(ROOT, `drizzle/meta/${String(last).padStart(4, '0')}_snapshot.json`), 'utf8'));
}

async function declaredTables(): Promise<PgTable[]> {
  const tables: PgTable[] = [];
  for (const file of sourceFiles('src').filter(isTablesFile)) {
    const module = (await import(pathToFileURL(join(ROOT, file)).href)) as Record<string, unknown>;
    for (const value of Object.values(module)) if (is(value, PgTable)) tables.push(value);
  }
  return tables;
}

describe('the tables', () => {
  it('are the committed migrations\' tables, with the same foreign keys, across features too', async () => {
    const tables = await declaredTables();
    const snapshot = lastSnapshot();
    expect(tables.map((t) => getTableName(t)).sort()).toEqual(Object.values(snapshot.tables).map((t) => t.name).sort());
    const declared: SnapshotKey[] = tables.flatMap((table) =>
      getTableConfig(table).foreignKeys.map((fk) => {
        const { columns, foreignColumns, foreignTable } = fk.reference();
        return {
          name: fk.getName(),
          tableFrom: getTableName(table),
          tableTo: getTableName(foreignTable),
          columnsFrom: columns.map((c) => c.name),
          columnsTo: foreignColumns.map((c) => c.name),
          onDelete: fk.onDelete ?? 'no action',
          onUpdate: fk.onUpdate ?? 'no action',
        };
      }),
    );
    const committed = Object.values(snapshot.tables).flatMap((t) => Object.values(t.foreignKeys));
    const byName = (a: SnapshotKey, b: SnapshotKey) => (a.name < b.name ? -1 : 1);
    expect(declared.sort(byName)).toEqual(committed.sort(byName));
    expect(declared.filter((k) => k.onDelete === 'cascade').map((k) => k.name)).toEqual(['analyses_game_id_games_id_fk']);
  });

  it('refuses a reference to a table nobody declares, naming it', () => {
    expect(() => column('nothing', 'id')).toThrow(/no table nothing/);
    expect(() => column('players', 'nothing')).toThrow(/players has no column nothing/);
  });
});
