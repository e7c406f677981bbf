// The web client's build for the tests: `dist/web`, built once when it is older than its sources
// (web/, the client module, the engine, the strategies, the verifier). Test files run in
// parallel, so the build is guarded by a lock directory and looked at again after waiting for it.
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const WEB_BUILD = join(ROOT, 'dist/web');
const SOURCES = ['web', 'packages/client/src', 'src/engine', 'src/bots', 'src/record/index.ts', 'src/oauth/requests.ts', 'src/platform/auth/scopes.ts', 'package-lock.json'];

/** The newest modification time under `path` (test files aside: they are not in the bundle). */
function newest(path: string): number {
  const s = statSync(path);
  if (!s.isDirectory()) return path.endsWith('.test.ts') ? 0 : s.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const builtAt = () => {
  try {
    return statSync(join(WEB_BUILD, 'index.html')).mtimeMs;
  } catch {
    return 0;
  }
};

export async function ensureWebBuild(): Promise<string> {
  const lock = join(ROOT, 'dist/.web-build.lock');
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Another test file builds; a lock left by a killed run is stale after two minutes.
      const held = statSync(lock, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > 120_000) rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    if (builtAt() < Math.max(...SOURCES.map((s) => newest(join(ROOT, s))))) {
      await promisify(execFile)(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { cwd: ROOT });
    }
    return WEB_BUILD;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
