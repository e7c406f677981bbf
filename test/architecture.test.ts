// The code's shape, checked: no import cycles in src/, one folder per feature over a platform that
// knows none (tools/imports.ts layoutViolations), each feature owning its tables and its store
// (ownershipViolations), typed HTTP handlers, and one place that knows the database driver.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { platformSettings } from '../src/platform/config.ts';
import { CHECKED_FOLDERS, FEATURES, featureDeclarations, importCycles, importGraph, importsOf, isTablesFile, layoutViolations, ownershipViolations, PLATFORM_TABLES, platformDeclarations, ROOT, sourceFiles, sourceTexts } from '../tools/imports.ts';

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

  it('fails on a feature that imports another feature\'s internals, the platform a feature, server code the CLI or the app', () => {
    // Planted imports, each as a file would make it: the check must name every one.
    const planted = new Map(graph);
    planted.set('src/seeks/planted.ts', ['src/games/store.ts', 'src/platform/errors.ts']);
    planted.set('src/platform/planted.ts', ['src/games/index.ts']);
    planted.set('src/games/planted.ts', ['src/seeks/index.ts']);
    planted.set('src/matches/planted.ts', ['src/app/deps.ts']);
    planted.set('src/house/planted.ts', ['src/cli/bot-runner.ts', 'src/games/store.ts', 'src/app/server.ts']);
    planted.set('src/bots/planted.ts', ['src/games/index.ts']);
    planted.set('src/ratings/planted.ts', ['src/house/levels.ts']);
    const broken = layoutViolations(planted);
    expect(broken).toEqual([
      expect.stringContaining("src/seeks/planted.ts → src/games/store.ts: another feature's internals"),
      expect.stringContaining('src/platform/planted.ts → src/games/index.ts: the platform imports no feature'),
      expect.stringContaining('src/games/planted.ts → src/seeks/index.ts: games stands before seeks'),
      expect.stringContaining('src/matches/planted.ts → src/app/deps.ts: only the entry points'),
      expect.stringContaining('src/house/planted.ts → src/cli/bot-runner.ts: only the CLI imports the CLI folder'),
      expect.stringContaining("src/house/planted.ts → src/games/store.ts: another feature's internals"),
      expect.stringContaining('src/house/planted.ts → src/app/server.ts: only the entry points'),
      expect.stringContaining('src/bots/planted.ts → src/games/index.ts: the bots library imports the engine only'),
      expect.stringContaining('src/ratings/planted.ts → src/house/levels.ts: no feature imports the house bots'),
    ]);
  });

  it('declares no feature\'s setting in src/platform: its variables name no feature, and only config.ts declares any', () => {
    // A feature's variable carries the feature's word (SEEK_TTL_SECONDS, RATE_LIMIT_SIGNIN, …).
    const FEATURE_WORDS = ['ACCOUNT', 'SIGNIN', 'GAME', 'WAITING', 'ANALYSIS', 'MATCH', 'RATING', 'SEEK', 'PLAYER_EVENT', 'EXPORT', 'TOURNAMENT', 'HOUSE'];
    const featureVariables = (names: string[]) => names.filter((name) => FEATURE_WORDS.some((word) => new RegExp(`(^|_)${word}S?(_|$)`).test(name)));
    const platformVariables = Object.keys(platformSettings.variables);
    expect(platformVariables.length).toBeGreaterThan(20);
    expect(featureVariables(platformVariables)).toEqual([]);
    // Planted: the check names a feature's variable among the platform's.
    expect(featureVariables([...platformVariables, 'SEEK_TTL_SECONDS', 'RATE_LIMIT_EXPORT'])).toEqual(['SEEK_TTL_SECONDS', 'RATE_LIMIT_EXPORT']);
    const groups = sourceFiles('src/platform').filter((f) => /\bsettings\(\s*\{/.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(groups).toEqual(['src/platform/config.ts']);
  });

  it("declares no feature's refusal code, schema or player event in the platform", () => {
    const texts = sourceTexts('src');
    const { codes, schemas, events } = featureDeclarations(texts);
    // What the check reads as the features' own (each where it is declared).
    expect(codes.get('GAME_NOT_FOUND')).toBe('src/games/refusals.ts');
    expect(codes.get('INVALID_MOVE')).toBe('src/games/refusals.ts');
    expect(codes.has('SHUTTING_DOWN')).toBe(false);
    expect(schemas.get('GameView')).toBe('src/games/schemas.ts');
    expect(schemas.get('TournamentGameEvent')).toBe('src/tournaments/player-events.ts');
    expect(events.get('tournamentGame')).toBe('src/tournaments/player-events.ts');
    expect(events.size).toBe(10);
    expect(platformDeclarations(texts)).toEqual([]);
  });

  it("fails on a feature's code, schema or player event planted in the platform", () => {
    const planted = new Map(sourceTexts('src'));
    const catalogue = 'src/platform/http/problems.ts';
    planted.set(
      catalogue,
      planted.get(catalogue)!.replace(
        'export const PLATFORM_PROBLEMS = {\n',
        "export const PLATFORM_PROBLEMS = {\n  NOT_YOUR_SEEK: { status: 403, rank: 4, description: 'a seek' },\n  LOBBY_FULL: { status: 503, rank: 9, description: 'no platform file raises it' },\n",
      ),
    );
    planted.set(
      'src/platform/planted.ts',
      [
        "import { z } from '@hono/zod-openapi';",
        '// GAME_CANCELLED in a comment, even quoted, is no declaration: \'GAME_CANCELLED\'',
        "export const View = z.object({ path: z.literal('/v1/*') }).openapi('GameView');",
        "export const refuse = () => new DomainError('GAME_NOT_FOUND', 'no such game');",
        "export const started = { type: 'gameStart' };",
        'export interface PlayerEvents {',
        '  seekEnded: { type: "seekEnded" };',
        '}',
      ].join('\n'),
    );
    expect(platformDeclarations(planted)).toEqual([
      'src/platform/planted.ts: names GAME_NOT_FOUND, a refusal code of src/games/refusals.ts',
      'src/platform/planted.ts: names gameStart, a player event of src/games/player-events.ts',
      'src/platform/planted.ts: names seekEnded, a player event of src/seeks/player-events.ts',
      expect.stringContaining('src/platform/planted.ts: declares the schema GameView, a schema of src/games/schemas.ts'),
      'src/platform/planted.ts: declares the player event seekEnded (each feature declares its own)',
      'src/platform/http/problems.ts: declares NOT_YOUR_SEEK, a refusal code of src/seeks/refusals.ts',
      expect.stringContaining('src/platform/http/problems.ts: declares LOBBY_FULL, which no platform file raises'),
    ]);
  });

  it('declares each table in its feature\'s tables.ts or the platform\'s own; no feature uses another\'s tables or store', () => {
    const sources = sourceTexts();
    const declaring = [...sources].filter(([, text]) => /\bpgTable\s*\(/.test(text)).map(([file]) => file);
    expect(declaring).toContain(PLATFORM_TABLES);
    expect(declaring.filter((f) => f.startsWith('src/platform/'))).toEqual([PLATFORM_TABLES]);
    expect(declaring.every(isTablesFile)).toBe(true);
    expect(ownershipViolations(sources)).toEqual([]);
    // References across features resolve once every tables.ts is loaded (platform/db/references.ts):
    // only drizzle-kit and test/platform/tables.test.ts read the foreign keys, never the service.
    expect([...sources].filter(([, text]) => /\bgetTableConfig\b|\.reference\(\)|InlineForeignKeys/.test(text)).map(([file]) => file)).toEqual([]);
  });

  it('fails on a table in the platform or outside a tables.ts, a table leaving its feature, another feature\'s store', () => {
    // Planted files, each as it would be written: the check must name every one.
    const planted = new Map(sourceTexts());
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
