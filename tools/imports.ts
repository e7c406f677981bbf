// The import graphs of src/ and web/src/, their cycles and the layout's rules (features over a
// platform that knows none): `npm run check:imports` prints them and fails on any.
// Every import counts, `import type` included (a type-only cycle still ties two files together),
// and dynamic import() too. test/architecture.test.ts runs the same check, with the layering.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** `import … from 'x'`, `import 'x'`, `export … from 'x'`, `import('x')`. */
const SPECIFIERS = [
  /^\s*import\s+(?:type\s+)?(?:[\w$*{}\s,]+?\s+from\s+)?['"]([^'"]+)['"]/gm,
  /^\s*export\s+(?:type\s+)?(?:\*(?:\s+as\s+[\w$]+)?|\{[^}]*\})\s+from\s+['"]([^'"]+)['"]/gm,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
];

/** The source files of a folder (tests left out), as paths relative to the repository. */
export function sourceFiles(folder = 'src'): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|mts)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) out.push(path);
    }
  };
  walk(folder);
  return out.sort();
}

/** Every module a file names in an import or export (relative ones resolved to repository paths). */
export function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const out: string[] = [];
  for (const pattern of SPECIFIERS)
    for (const [, spec] of text.matchAll(pattern)) out.push(spec.startsWith('.') ? relative(ROOT, resolve(ROOT, dirname(file), spec)) : spec);
  return out;
}

/** The graph of src/: file → the files of src/ it imports. */
export function importGraph(folder = 'src'): Map<string, string[]> {
  const files = sourceFiles(folder);
  const known = new Set(files);
  return new Map(files.map((f) => [f, importsOf(f).filter((i) => known.has(i))]));
}

/** The import cycles (strongly connected components of more than one file, or a self-import). */
export function importCycles(graph: Map<string, string[]>): string[][] {
  // Tarjan's algorithm.
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  return cycles;
}

/**
 * The features, in the order they stand: each may import the index.ts of those before it, never
 * their other files, and nothing of those after it.
 */
export const FEATURES = ['accounts', 'oauth', 'games', 'analysis', 'matches', 'ratings', 'seeks', 'players', 'exports', 'tournaments'] as const;

/** What a folder of src/ is: a feature, the platform, the engine, … (src/<name>/…, or a file of src/). */
const areaOf = (file: string) => file.split('/')[1] ?? '';

/**
 * The house's rules, as broken by an import graph of src/ (empty: none broken):
 * - the platform imports only itself and the engine (it knows no feature);
 * - the engine imports only itself;
 * - a feature imports the platform, the engine, the bots, the record library and the index.ts of a feature
 *   before it (FEATURES), nothing else of another feature;
 * - outside the features (the app, the CLI, the record library, the bots) a feature is reached
 *   through its index.ts only;
 * - the house bots (src/house) import what a feature may, and no feature imports them;
 * - the bots and the record library are libraries over the engine: they import nothing else of src/;
 * - only the entry points (main.ts, the CLI) import the app, and nothing serving requests imports
 *   the CLI (its commands are no library of the server).
 */
export function layoutViolations(graph: Map<string, string[]>): string[] {
  const out: string[] = [];
  const rank = (area: string) => (FEATURES as readonly string[]).indexOf(area);
  for (const [file, imports] of graph) {
    const from = areaOf(file);
    for (const target of imports) {
      const to = areaOf(target);
      if (to === from) continue;
      const edge = `${file} → ${target}`;
      if (to === 'cli') {
        out.push(`${edge}: only the CLI imports the CLI folder (server code must not depend on it)`);
        continue;
      }
      if (to === 'app' && from !== 'cli' && from !== 'main.ts') {
        out.push(`${edge}: only the entry points (main.ts, the CLI) import the app`);
        continue;
      }
      if ((from === 'bots' || from === 'record') && to !== 'engine') {
        out.push(`${edge}: the ${from} library imports the engine only`);
        continue;
      }
      if (from === 'house' && rank(to) < 0 && !['platform', 'engine', 'bots'].includes(to)) {
        out.push(`${edge}: the house bots import the platform, the engine, the bots and features' index.ts only`);
        continue;
      }
      if (to === 'house' && rank(from) >= 0) {
        out.push(`${edge}: no feature imports the house bots`);
        continue;
      }
      if (from === 'platform' && to !== 'engine') out.push(`${edge}: the platform imports no feature`);
      else if (from === 'engine') out.push(`${edge}: the engine imports nothing outside itself`);
      else if (rank(to) >= 0) {
        if (!target.endsWith(`src/${to}/index.ts`)) out.push(`${edge}: another feature's internals (import its index.ts)`);
        else if (rank(from) >= 0 && rank(to) > rank(from)) out.push(`${edge}: ${from} stands before ${to} (${FEATURES.join(' → ')})`);
      } else if (rank(from) >= 0 && !['platform', 'engine', 'bots', 'record'].includes(to)) out.push(`${edge}: a feature imports the platform, the engine, the bots, the record library and features' index.ts only`);
    }
  }
  return out;
}

/** The folders whose import graphs must stay free of cycles: the service and the web client. */
export const CHECKED_FOLDERS = ['src', 'web/src'];

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
  let found = 0;
  for (const folder of CHECKED_FOLDERS) {
    const graph = importGraph(folder);
    const cycles = importCycles(graph);
    const edges = [...graph.values()].reduce((n, xs) => n + xs.length, 0);
    process.stdout.write(`${folder}/: ${graph.size} files, ${edges} imports between them, ${cycles.length} cycle(s)\n`);
    for (const c of cycles) process.stdout.write(`  cycle: ${c.join(' ↔ ')}\n`);
    found += cycles.length;
  }
  const broken = layoutViolations(importGraph('src'));
  process.stdout.write(`src/: ${broken.length} import(s) against the layout (features over the platform)\n`);
  for (const b of broken) process.stdout.write(`  ${b}\n`);
  found += broken.length;
  process.exitCode = found > 0 ? 1 : 0;
}
