// The code's shape, checked: no import cycles in src/, imports that only point down the layers
// (engine → db → games/matches → http), typed HTTP handlers, and one place that knows the driver.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKED_FOLDERS, importCycles, importGraph, importsOf, ROOT, sourceFiles } from '../tools/imports.ts';

const graph = importGraph();
const folderOf = (file: string) => file.split('/').slice(0, 2).join('/');

/** What each folder of src/ may import from the others (itself always). */
const MAY_IMPORT: Record<string, string[]> = {
  'src/engine': [],
  'src/auth': [],
  'src/db': ['src/engine', 'src/platform/errors.ts', 'src/platform/cancellation.ts'],
  'src/games': ['src/engine', 'src/db', 'src/platform/errors.ts', 'src/platform/cancellation.ts'],
  'src/matches': ['src/engine', 'src/db', 'src/games', 'src/platform/errors.ts', 'src/platform/log.ts'],
  'src/players': ['src/engine', 'src/db', 'src/games', 'src/matches', 'src/auth', 'src/platform/errors.ts'],
  'src/ratings': ['src/engine', 'src/db', 'src/games', 'src/platform/errors.ts'],
  'src/accounts': ['src/db', 'src/auth', 'src/platform/errors.ts'],
  // The pairing pool starts games and matches as their joins do, and reads the players' ratings.
  'src/seeks': ['src/engine', 'src/db', 'src/games', 'src/matches', 'src/ratings', 'src/platform/errors.ts'],
  'src/http': ['src/engine', 'src/db', 'src/games', 'src/matches', 'src/players', 'src/accounts', 'src/ratings', 'src/seeks', 'src/auth', 'src/platform/errors.ts', 'src/platform/cancellation.ts', 'src/platform/log.ts', 'src/platform/config.ts'],
  // The client's GameEvent falls back to the engine's event type while the document names none.
  'src/client': [],
  // The strategies play on the engine and read the client's view and move types.
  'src/bots': ['src/engine', 'src/client'],
};

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

  it('imports only down the layers', () => {
    const wrong: string[] = [];
    for (const [file, imports] of graph) {
      const allowed = MAY_IMPORT[folderOf(file)];
      if (!allowed) continue;
      for (const target of imports) {
        const into = folderOf(target);
        if (into !== folderOf(file) && !allowed.includes(into) && !allowed.includes(target)) wrong.push(`${file} → ${target}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('keeps the engine pure: nothing from outside but the hash it deals with', () => {
    const outside = sourceFiles('src/engine').flatMap((f) => importsOf(f).filter((i) => !i.startsWith('src/engine/')).map((i) => `${f} → ${i}`));
    expect(outside.filter((x) => !x.endsWith('@noble/hashes/sha2.js') && !x.endsWith('@noble/hashes/utils.js'))).toEqual([]);
  });

  it('has typed HTTP handlers: no `as never`, no `as any` in src/http', () => {
    const casts = sourceFiles('src/http').filter((f) => /\bas (never|any)\b/.test(readFileSync(join(ROOT, f), 'utf8')));
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

  it('knows which database driver it has in src/db only', () => {
    const drivers = ['postgres', '@electric-sql/pglite', 'drizzle-orm/pglite', 'drizzle-orm/postgres-js'];
    const leaks: string[] = [];
    for (const file of sourceFiles('src')) {
      if (file.startsWith('src/db/')) continue;
      for (const i of importsOf(file)) if (drivers.some((d) => i === d || i.startsWith(`${d}/`))) leaks.push(`${file} imports ${i}`);
      if (/\.driver\b/.test(readFileSync(join(ROOT, file), 'utf8'))) leaks.push(`${file} asks for .driver`);
    }
    expect(leaks).toEqual([]);
  });
});
