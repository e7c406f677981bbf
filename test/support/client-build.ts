// vitest's globalSetup: the tests import the client package by its name (@offiziersskat/client),
// which is its built dist/ as users get it (npm ci builds it in the repository's postinstall, so
// does `npm run build`).
// An edit of its source since that build would otherwise go untested: build it again first.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const PACKAGE = join(import.meta.dirname, '../../packages/client');

/** The newest modification time under `path` (tests aside: they are not built). */
function newest(path: string): number {
  const s = statSync(path);
  if (!s.isDirectory()) return path.endsWith('.test.ts') ? 0 : s.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

export default function setup(): void {
  const built = statSync(join(PACKAGE, 'dist/index.js'), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (built >= Math.max(newest(join(PACKAGE, 'src')), statSync(join(PACKAGE, 'package.json')).mtimeMs)) return;
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: PACKAGE, stdio: 'inherit' });
}
