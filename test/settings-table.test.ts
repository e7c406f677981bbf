// The README's settings table is the configuration the service reads (src/app/config.ts): the same
// variables, each with the default the code gives it. A setting added, dropped or changed in a
// feature's settings.ts without the table fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../src/app/config.ts';
import { variablesOf } from '../src/platform/settings.ts';

/** Read by the test tooling, not by the service: in the table, not in the configuration. */
const TEST_ONLY = ['VALIDATE_RESPONSES'];

/** The rows of the README's table: the variables a row names, and its default cell. */
function readmeRows(): { names: string[]; shown: string }[] {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const start = readme.indexOf('| variable | default | meaning |');
  const table = readme.slice(start).split('\n\n')[0]!.split('\n').slice(2);
  return table.map((row) => {
    const [names, shown] = row.split(' | ');
    return { names: [...names!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!), shown: shown! };
  });
}

/** What the code gives a variable left unset, as the table writes it. */
function defaultOf(name: string): string {
  const group = Object.values(SETTINGS).find((g) => name in g.variables)!;
  const value: unknown = (group.variables as Record<string, { parse(v: unknown): unknown }>)[name]!.parse(undefined);
  if (value === undefined || value === null) return 'unset';
  if (Array.isArray(value)) return value.length === 0 ? 'off' : value.join(',');
  if (typeof value === 'object' && 'points' in value && 'seconds' in value) return `${value.points}/${value.seconds}`;
  return String(value);
}

/** How the table says a default in words where the code has a value (the word the variable takes). */
// HOUSE_BOTS unset: the database decides (the table's first value: the embedded database's).
const IN_WORDS: Record<string, string> = { TRUST_PROXY: 'false', DATABASE_LISTEN_URL: 'DATABASE_URL', HOUSE_BOTS: 'all' };

describe('the README settings table', () => {
  const rows = readmeRows();
  const named = rows.flatMap((r) => r.names);

  it('names every variable of the configuration once, and no other', () => {
    expect([...named].sort()).toEqual([...variablesOf(SETTINGS), ...TEST_ONLY].sort());
  });

  it('gives each the default the code gives it', () => {
    const wrong: string[] = [];
    for (const { names, shown } of rows)
      names.forEach((name, i) => {
        if (TEST_ONLY.includes(name)) return;
        // `a`, `b` for a row of two variables with a default each; one default for all otherwise.
        const cells = [...shown.matchAll(/`([^`]*)`/g)].map((m) => m[1]);
        const cell = cells.length === names.length ? cells[i] : (cells[0] ?? shown.trim());
        const expected = IN_WORDS[name] ?? defaultOf(name);
        if (cell !== expected) wrong.push(`${name}: README ${JSON.stringify(cell)}, code ${JSON.stringify(expected)}`);
      });
    expect(wrong).toEqual([]);
  });
});
