// The curl walkthroughs of the README and of docs/api.md run as written against a started
// service, so they cannot rot: every shell block that talks to the service ($S) runs in one bash
// session, the README's first and then docs/api.md's (later blocks use the tokens of the README's
// first), with errexit and pipefail, and the answers shown after a command as `# {...}` comments
// have the shape of what the service answered: the same fields, and the same `code` and `status`
// where the comment shows one.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from './support/service.ts';

const run = promisify(execFile);
const MARK = '@@readme-expect@@';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service?.close();
});

/** The pages whose walkthroughs run, in this order: the README's set up what the others use. */
const PAGES = ['README.md', 'docs/api.md'];

/** A page's shell blocks that call the service, in order. */
async function walkthroughs(page: string): Promise<string[]> {
  const text = await readFile(join(import.meta.dirname, '..', page), 'utf8');
  return [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]).filter((block) => block.includes('$S/'));
}

/** A shown answer's JSON, if the comment is whole JSON (an elided `…` outside a string is not). */
function shown(comment: string): unknown {
  try {
    return JSON.parse(comment);
  } catch {
    return undefined;
  }
}

/** The same fields (recursively into the first element of arrays), and the same code and status. */
function sameShape(actual: unknown, expected: unknown, path = '$'): string[] {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${path}: an array was shown, got ${JSON.stringify(actual)}`];
    return expected.length > 0 && actual.length > 0 ? sameShape(actual[0], expected[0], `${path}[0]`) : [];
  }
  if (expected === null || typeof expected !== 'object') return [];
  if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return [`${path}: an object was shown, got ${JSON.stringify(actual)}`];
  const a = actual as Record<string, unknown>;
  const problems: string[] = [];
  const entries = Object.entries(expected);
  // Keys shown elided (a player id as "34520eb5-…") stand for any key: only their number counts.
  if (entries.some(([key]) => key.includes('…'))) {
    if (Object.keys(a).length !== entries.length) problems.push(`${path}: ${entries.length} fields shown, ${Object.keys(a).length} answered`);
    return problems;
  }
  for (const [key, value] of entries) {
    if (!(key in a)) problems.push(`${path}.${key}: shown, but not answered`);
    else if ((key === 'code' || key === 'status') && typeof value === 'string' && !value.includes('…') && a[key] !== value)
      problems.push(`${path}.${key}: shown ${JSON.stringify(value)}, answered ${JSON.stringify(a[key])}`);
    else problems.push(...sameShape(a[key], value, `${path}.${key}`));
  }
  return problems;
}

describe('README and docs/api.md walkthroughs', () => {
  it('run as written, and answer what they show', async () => {
    const perPage = await Promise.all(PAGES.map(walkthroughs));
    // The README's complete game, and docs/api.md's match, export and idempotency.
    expect(perPage.map((blocks) => blocks.length >= 1)).toEqual(PAGES.map(() => true));
    const blocks = perPage.flat();
    // Before each group of shown answers, a marker: the output since the previous one ends with them.
    const expectations: string[][] = [];
    const lines: string[] = ['set -eo pipefail'];
    for (const block of blocks) {
      const source = block.split('\n');
      for (let i = 0; i < source.length; i++) {
        const line = source[i];
        if (/^S=http:\/\/localhost:3000$/.test(line)) {
          lines.push(`S=${service.url}`);
          continue;
        }
        if (/^# [[{]/.test(line)) {
          const group: string[] = [];
          while (i < source.length && /^# [[{]/.test(source[i])) group.push(source[i++].slice(2));
          i--;
          lines.push(`echo '${MARK}'`);
          expectations.push(group);
          continue;
        }
        lines.push(line);
      }
    }
    const { stdout } = await run('bash', ['-c', lines.join('\n')], { timeout: 60_000, maxBuffer: 16 << 20 });
    const chunks = stdout.split(`${MARK}\n`);
    expect(chunks).toHaveLength(expectations.length + 1);
    const problems: string[] = [];
    expectations.forEach((group, i) => {
      const answered = chunks[i].trimEnd().split('\n').slice(-group.length);
      group.forEach((comment, j) => {
        const expected = shown(comment);
        if (expected === undefined) return;
        const actual = shown(answered[j] ?? '');
        if (actual === undefined) problems.push(`shown ${comment}\n  answered ${answered[j]}`);
        else problems.push(...sameShape(actual, expected).map((p) => `${p}\n  (shown ${comment})`));
      });
    });
    expect(problems).toEqual([]);
  }, 90_000);
});
