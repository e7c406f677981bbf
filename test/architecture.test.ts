// The code's shape, checked: no import cycles in src/, one folder per feature over a platform that
// knows none (tools/imports.ts layoutViolations), each feature owning its tables and its store
// (ownershipViolations), typed HTTP handlers, and one place that knows the database driver.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKED_FOLDERS, FEATURES, importCycles, importGraph, importsOf, isTablesFile, layoutViolations, ownershipViolations, PLATFORM_TABLES, readSources, ROOT, sourceFiles } from '../tools/imports.ts';

const graph = importGraph();
describe('src/', () => {
  it('has no import cycle, nor has the web client (npm run check:imports)', () => {
    expect(graph.size).toBeGreaterThan(50);
    expect(CHECKED_FOLDERS).toEqual(['src', 'web/src']);
    for (const folder of CHECKED_FOLDERS) expect(importCycles(importGraph(folder)), folder).toEqual([]);
  });

  it('imports devDependencies only through import(): a production install has none', () => {
    const { dependencies } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const packageOf = (spec: string) => spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/');
    // A value import (not `import type`, not `import(…)`) of a package: it must be installed in production.
    const VALUE_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[\w$*{}\s,]+?\s+from\s+)?['"]([^'".][^'"]*)['"]/gm;
    const wrong: string[] = [];
    for (const file of sourceFiles('src')) {
      for (const [, spec] of readFileSync(join(ROOT, file), 'utf8').matchAll(VALUE_IMPORT)) {
        const name = packageOf(spec as string);
        if (!name.startsWith('node:') && !(name in dependencies)) wrong.push(`${file} → ${spec}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('has a folder per feature over the platform, and breaks none of the layout\'s rules', () => {
    for (const feature of FEATURES) expect(graph.has(`src/${feature}/index.ts`), `src/${feature}/index.ts`).toBe(true);
    expect(layoutViolations(graph)).toEqual([]);
  });

  it('fails on a feature that imports another feature\'s internals, and on the platform importing a feature', () => {
    // Planted imports, each as a file would make it: the check must name every one.
    const planted = new Map(graph);
    planted.set('src/seeks/planted.ts', ['src/games/store.ts', 'src/platform/errors.ts']);
    planted.set('src/platform/planted.ts', ['src/games/index.ts']);
    planted.set('src/games/planted.ts', ['src/seeks/index.ts']);
    planted.set('src/matches/planted.ts', ['src/app/deps.ts']);
    const broken = layoutViolations(planted);
    expect(broken).toEqual([
      expect.stringContaining("src/seeks/planted.ts → src/games/store.ts: another feature's internals"),
      expect.stringContaining('src/platform/planted.ts → src/games/index.ts: the platform imports no feature'),
      expect.stringContaining('src/games/planted.ts → src/seeks/index.ts: games stands before seeks'),
      expect.stringContaining('src/matches/planted.ts → src/app/deps.ts: a feature imports'),
    ]);
  });

  it('declares each table in its feature\'s tables.ts or among the platform\'s own, and no feature uses another\'s tables or store', () => {
    const sources = readSources();
    const declaring = [...sources].filter(([, text]) => /\bpgTable\s*\(/.test(text)).map(([file]) => file);
    expect(declaring).toContain(PLATFORM_TABLES);
    expect(declaring.filter((f) => f.startsWith('src/platform/'))).toEqual([PLATFORM_TABLES]);
    expect(declaring.every(isTablesFile)).toBe(true);
    expect(ownershipViolations(sources)).toEqual([]);
    // References across features resolve once every tables.ts is loaded (platform/db/references.ts):
    // only drizzle-kit and test/platform/tables.test.ts read the foreign keys, never the service.
    expect([...sources].filter(([, text]) => /\bgetTableConfig\b|\.reference\(\)|InlineForeignKeys/.test(text)).map(([file]) => file)).toEqual([]);
  });

  it('fails on a table declared in the platform or outside a tables.ts, a table leaving its feature, and another feature\'s store', () => {
    // Planted files, each as it would be written: the check must name every one.
    const planted = new Map(readSources());
    planted.set('src/platform/db/planted.ts', "import { pgTable, text } from 'drizzle-orm/pg-core';\nexport const planted = pgTable('planted', { id: text('id') });\n");
    planted.set('src/seeks/planted.ts', "export const planted = pgTable('planted', {});\n");
    planted.set('src/matches/index.ts', `${planted.get('src/matches/index.ts')}export { matches, type MatchRow } from './tables.ts';\n`);
    planted.set('src/tournaments/planted.ts', "import { GameStore, type GameRow } from '../games/index.ts';\nimport type {\n  Players,\n  PlayerStore,\n} from '../accounts/index.ts';\n");
    planted.set('src/exports/planted.ts', "import * as games from '../games/index.ts';\n");
    const broken = ownershipViolations(planted);
    expect(broken).toHaveLength(6);
    expect(broken).toEqual(
      expect.arrayContaining([
        expect.stringContaining("src/platform/db/planted.ts: declares a table; the platform's own are in src/platform/db/tables.ts"),
        expect.stringContaining('src/seeks/planted.ts: declares a table outside a tables.ts'),
        expect.stringContaining('src/matches/index.ts: re-exports a value of its tables.ts'),
        expect.stringContaining("src/tournaments/planted.ts → GameStore (src/games/store.ts): another feature's store"),
        expect.stringContaining("src/tournaments/planted.ts → PlayerStore (src/accounts/player-store.ts): another feature's store"),
        expect.stringContaining("src/exports/planted.ts → src/games/index.ts: all of another feature's index"),
      ]),
    );
  });

  it('keeps the engine pure: nothing from outside but the hash it deals with', () => {
    const outside = sourceFiles('src/engine').flatMap((f) => importsOf(f).filter((i) => !i.startsWith('src/engine/')).map((i) => `${f} → ${i}`));
    expect(outside.filter((x) => !x.endsWith('@noble/hashes/sha2.js') && !x.endsWith('@noble/hashes/utils.js'))).toEqual([]);
  });

  it('has typed HTTP handlers: no `as never`, no `as any` in the routes and the platform\'s HTTP', () => {
    const casts = sourceFiles('src').filter((f) => f.startsWith('src/platform/http/') || /\/(api|routes)\.ts$/.test(f)).filter((f) => /\bas (never|any)\b/.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(casts).toEqual([]);
  });

  it('says why at every `as unknown as` in src/ (a comment on its line or the line above)', () => {
    const silent: string[] = [];
    for (const file of sourceFiles('src')) {
      const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (!/\bas unknown as\b/.test(line)) return;
        const said = line.includes('//') || /^\s*(\/\/|\*)/.test(lines[i - 1] ?? '');
        if (!said) silent.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(silent).toEqual([]);
  });

  it('knows which database driver it has in src/platform/db only', () => {
    const drivers = ['postgres', '@electric-sql/pglite', 'drizzle-orm/pglite', 'drizzle-orm/postgres-js'];
    const leaks: string[] = [];
    for (const file of sourceFiles('src')) {
      if (file.startsWith('src/platform/db/')) continue;
      for (const i of importsOf(file)) if (drivers.some((d) => i === d || i.startsWith(`${d}/`))) leaks.push(`${file} imports ${i}`);
      if (/\.driver\b/.test(readFileSync(join(ROOT, file), 'utf8'))) leaks.push(`${file} asks for .driver`);
    }
    expect(leaks).toEqual([]);
  });
});
