// The import graphs of src/ and web/src/, their cycles and the layout's rules (features over a
// platform that knows none: it imports no feature, and declares no feature's tables, refusal
// codes, schemas or player events; each feature owns its tables and its store): `npm run
// check:imports` prints them and fails on any.
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

/** The text of every source file of a folder (tests left out), by its path relative to the repository. */
export function sourceTexts(folder = 'src'): Map<string, string> {
  return new Map(sourceFiles(folder).map((f) => [f, readFileSync(join(ROOT, f), 'utf8')]));
}

/**
 * The components the platform names itself (`.openapi('<Name>', …)`): a problem, its code, a
 * stream's error. A stream's `<name>Message` and `<name>Stream` take their name from the feature
 * that makes them (sse.ts); every other component is a feature's.
 */
export const PLATFORM_COMPONENTS = ['Problem', 'ProblemCode', 'StreamError'];

/**
 * A file's code without its comments, and its string literals ('…', "…", `…` but its ${}): a scan
 * that knows where strings, template literals and comments begin and end (a path's '/v1/*' opens no
 * comment). Regular expressions are read as code.
 */
function scan(text: string): { code: string; literals: Set<string> } {
  let code = '';
  const literals = new Set<string>();
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
      code += ' ';
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      let literal = '';
      let plain = true;
      while (j < text.length && text[j] !== c && !(c !== '`' && text[j] === '\n')) {
        if (text[j] === '\\') {
          literal += text.slice(j, j + 2);
          j += 2;
          continue;
        }
        if (c === '`' && text[j] === '$' && text[j + 1] === '{') plain = false;
        literal += text[j++];
      }
      if (plain) literals.add(literal);
      code += text.slice(i, j + 1);
      i = j + 1;
    } else {
      code += c;
      i++;
    }
  }
  return { code, literals };
}

/** The keys of the object literal or interface that starts after `start` (its own members, one indentation in). */
function keysAfter(text: string, start: RegExp): string[] {
  const at = text.search(start);
  if (at < 0) return [];
  const lines = text.slice(text.lastIndexOf('\n', at) + 1).split('\n');
  const indent = /^ */.exec(lines[0])?.[0].length ?? 0;
  if (/\{\s*\}/.test(lines[0])) return [];
  const out: string[] = [];
  for (const line of lines.slice(1)) {
    const depth = /^ */.exec(line)?.[0].length ?? 0;
    if (line.trim() !== '' && depth <= indent) break;
    const key = new RegExp(`^ {${indent + 2}}([A-Za-z_]\\w*)\\??:`).exec(line);
    if (key) out.push(key[1]);
  }
  return out;
}

/** The component names a file's code declares: `.openapi('<Name>', …)` and `register('<Name>', …)`. */
const componentsOf = (code: string) => [...code.matchAll(/\.openapi\(\s*['"`]([A-Za-z]\w*)['"`]|\bregister\(\s*['"`]([A-Za-z]\w*)['"`]/g)].map((m) => m[1] ?? m[2]);

/** What the features declare: their refusal codes, their schemas' component names, their player events' types (each with its file). */
export function featureDeclarations(texts: Map<string, string>) {
  const codes = new Map<string, string>();
  const schemas = new Map<string, string>();
  const events = new Map<string, string>();
  for (const [file, text] of texts) {
    if (!(FEATURES as readonly string[]).includes(areaOf(file))) continue;
    const { code } = scan(text);
    if (file.endsWith('/refusals.ts')) for (const [, c] of code.matchAll(/^ {2}([A-Z][A-Z0-9_]+): \{/gm)) codes.set(c, file);
    for (const name of componentsOf(code)) schemas.set(name, file);
    for (const type of keysAfter(code, /interface PlayerEvents \{/)) events.set(type, file);
  }
  return { codes, schemas, events };
}

/**
 * What the platform declares of the features, in the texts of src/ (empty: nothing). The platform
 * knows no feature's refusal codes, schemas or player events:
 * - no platform file names a code a feature declares (src/<feature>/refusals.ts), and the
 *   platform's catalogue (PLATFORM_PROBLEMS) holds only codes the platform raises (a code belongs to
 *   whoever raises it: one no other platform file names is a feature's);
 * - the platform names no component but its own (PLATFORM_COMPONENTS);
 * - no platform file names a player event a feature declares (src/<feature>/player-events.ts), and
 *   the platform's `PlayerEvents` has no member of its own.
 */
export function platformDeclarations(texts: Map<string, string>): string[] {
  const out: string[] = [];
  const features = featureDeclarations(texts);
  const platform = [...texts].filter(([file]) => areaOf(file) === 'platform');
  const named = new Map<string, string[]>();
  for (const [file, text] of platform) {
    const { code, literals } = scan(text);
    for (const literal of literals) {
      named.set(literal, [...(named.get(literal) ?? []), file]);
      const owner = features.codes.get(literal);
      if (owner) out.push(`${file}: names ${literal}, a refusal code of ${owner}`);
      const event = features.events.get(literal);
      if (event) out.push(`${file}: names ${literal}, a player event of ${event}`);
    }
    for (const name of componentsOf(code)) {
      if (!PLATFORM_COMPONENTS.includes(name)) out.push(`${file}: declares the schema ${name}${features.schemas.has(name) ? `, a schema of ${features.schemas.get(name)}` : ''} (the platform's own: ${PLATFORM_COMPONENTS.join(', ')})`);
    }
    for (const type of keysAfter(code, /interface PlayerEvents \{/)) out.push(`${file}: declares the player event ${type} (each feature declares its own)`);
  }
  const catalogue = 'src/platform/http/problems.ts';
  for (const c of keysAfter(scan(texts.get(catalogue) ?? '').code, /export const PLATFORM_PROBLEMS = \{/)) {
    const owner = features.codes.get(c);
    if (owner) out.push(`${catalogue}: declares ${c}, a refusal code of ${owner}`);
    else if (!(named.get(c) ?? []).some((f) => f !== catalogue)) out.push(`${catalogue}: declares ${c}, which no platform file raises (a feature's code goes to its refusals.ts)`);
  }
  return out;
}

/** The platform's own tables (its header says which, and why they are the platform's). */
export const PLATFORM_TABLES = 'src/platform/db/tables.ts';

/** The files that declare tables: each feature's src/<feature>/tables.ts, and the platform's own (drizzle.config.ts loads these). */
export const isTablesFile = (file: string) => file === PLATFORM_TABLES || /^src\/[^/]+\/tables\.ts$/.test(file);

/** A feature's store: store.ts or <something>-store.ts, its tables' queries (its own, and the composition root's to make). */
const isStoreFile = (file: string) => /^src\/[^/]+\/(?:[\w-]+-)?store\.ts$/.test(file);

/** A name a statement imports or re-exports: `a`, `type a`, `a as b` (the name it has in the module it comes from). */
interface Named {
  name: string;
  type: boolean;
}

/** `import { … } from 'x'` and `export { … } from 'x'`, `import type`/`export type` included; `* as` imports name '*'. */
const NAMED = /^\s*(import|export)\s+(type\s+)?(?:\{([^}]*)\}|\*\s+as\s+[\w$]+|\*)\s+from\s+['"]([^'"]+)['"]/gm;

/** The names each statement of `text` (the file `file`) imports or re-exports, with the module (resolved as importsOf does). */
function namedStatements(file: string, text: string): { kind: 'import' | 'export'; from: string; names: Named[] | '*' }[] {
  const out: { kind: 'import' | 'export'; from: string; names: Named[] | '*' }[] = [];
  for (const [, kind, typeOnly, list, spec] of text.matchAll(NAMED)) {
    const from = spec!.startsWith('.') ? relative(ROOT, resolve(ROOT, dirname(file), spec!)) : spec!;
    const names =
      list === undefined
        ? ('*' as const)
        : list
            .split(',')
            .map((n) => n.trim())
            .filter((n) => n.length > 0)
            .map((n) => {
              const type = !!typeOnly || n.startsWith('type ');
              return { name: n.replace(/^type\s+/, '').split(/\s+as\s+/)[0]!.trim(), type };
            });
    out.push({ kind: kind as 'import' | 'export', from, names });
  }
  return out;
}

/**
 * The data ownership rules, as broken by the sources of src/ (file → text; empty: none broken):
 * - a table is declared (pgTable) in its feature's tables.ts, or among the platform's own in
 *   src/platform/db/tables.ts: nowhere else, the rest of the platform least of all;
 * - no table leaves its feature: a feature's index.ts re-exports nothing of its tables.ts but types
 *   (and another feature's tables.ts is an internal, layoutViolations);
 * - no feature uses another feature's store: it imports nothing that feature's index.ts takes from
 *   a store file (store.ts, *-store.ts), not even a type; the composition root makes the stores,
 *   and a feature offers the others functions (its queries.ts) and types of its own.
 */
export function ownershipViolations(sources: Map<string, string>): string[] {
  const out: string[] = [];
  const features = FEATURES as readonly string[];
  const exportsOf = new Map<string, Map<string, string>>();
  for (const [file, text] of sources) {
    const area = areaOf(file);
    if (/\bpgTable\s*\(/.test(text) && !isTablesFile(file))
      out.push(
        area === 'platform'
          ? `${file}: declares a table; the platform's own are in ${PLATFORM_TABLES}, every other is a feature's (its tables.ts)`
          : `${file}: declares a table outside a tables.ts (a feature's are in src/<feature>/tables.ts)`,
      );
    if (features.includes(area) && file === `src/${area}/index.ts`) {
      const names = new Map<string, string>();
      for (const s of namedStatements(file, text).filter((x) => x.kind === 'export')) {
        if (s.from === `src/${area}/tables.ts` && (s.names === '*' || s.names.some((n) => !n.type)))
          out.push(`${file}: re-exports a value of its tables.ts (no table leaves its feature: types only)`);
        if (s.names !== '*') for (const n of s.names) names.set(n.name, s.from);
      }
      exportsOf.set(area, names);
    }
  }
  for (const [file, text] of sources) {
    const from = areaOf(file);
    if (!features.includes(from)) continue;
    for (const s of namedStatements(file, text)) {
      const to = areaOf(s.from);
      if (to === from || !features.includes(to) || s.from !== `src/${to}/index.ts`) continue;
      if (s.names === '*') {
        out.push(`${file} → ${s.from}: all of another feature's index (name what it uses)`);
        continue;
      }
      for (const n of s.names) {
        const origin = exportsOf.get(to)?.get(n.name);
        if (origin && isStoreFile(origin)) out.push(`${file} → ${n.name} (${origin}): another feature's store (use what it offers: its functions, its types)`);
      }
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
  const broken = [...layoutViolations(importGraph('src')), ...ownershipViolations(sourceTexts('src'))];
  process.stdout.write(`src/: ${broken.length} import(s) or table(s) against the layout (features over the platform, each owning its tables)\n`);
  for (const b of broken) process.stdout.write(`  ${b}\n`);
  found += broken.length;
  const declared = platformDeclarations(sourceTexts('src'));
  process.stdout.write(`src/platform/: ${declared.length} declaration(s) of a feature's refusal codes, schemas or player events\n`);
  for (const d of declared) process.stdout.write(`  ${d}\n`);
  found += declared.length;
  process.exitCode = found > 0 ? 1 : 0;
}
