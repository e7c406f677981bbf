// A third-party linter on the committed document: Redocly CLI with its recommended ruleset
// (redocly.yaml, no exemptions), run as a developer runs it, with the network cut off: 0 errors,
// 0 warnings, and no attempt to reach anything.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const preload = fileURLToPath(new URL('../support/no-network.cjs', import.meta.url));

describe('Redocly CLI (recommended rules) on openapi/openapi.json', () => {
  it('reports 0 errors and 0 warnings, offline', async () => {
    const { stdout, stderr } = await promisify(execFile)(
      `${root}node_modules/.bin/redocly`,
      ['lint', 'openapi/openapi.json', '--format=json'],
      { cwd: root, env: { ...process.env, NODE_OPTIONS: `--require ${preload}`, REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }, maxBuffer: 16 << 20 },
    ).catch((e: { stdout: string; stderr: string }) => e);
    expect(stderr).not.toContain('NETWORK ATTEMPT');
    const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number; ignored: number }; problems: { ruleId: string; message: string; location: { pointer: string }[] }[] };
    const problems = report.problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location.map((l) => l.pointer).join(', ')}`);
    expect(problems).toEqual([]);
    expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 });
  });
});
