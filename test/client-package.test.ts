// The client package as a bot author gets it: packed and installed by the two lines docs/bots.md
// and the package's README give (the same in both), run as written into an empty folder: npm warns
// of nothing (the package has no install scripts), the tarball lands in the bot's folder and not
// in this repository, and what is installed is small and plays a whole game against a running
// service from plain Node (no TypeScript, no workspace around it).
import { execFile } from 'node:child_process';
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from './support/service.ts';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..');
const MAX_INSTALLED_BYTES = 5 * 1024 * 1024;

/** Bytes of every file under `dir` (links not followed). */
function bytesUnder(dir: string): number {
  return readdirSync(dir).reduce((sum, name) => {
    const path = join(dir, name);
    const s = lstatSync(path);
    return sum + (s.isDirectory() ? bytesUnder(path) : s.size);
  }, 0);
}

// Two guests: one opens a game, the other joins, each plays random legal moves to the end.
const PLAY = `
import { createClient, playGame } from '@offiziersskat/client';
const server = process.argv[2];
const guest = createClient({ baseUrl: server });
const [a, b] = await Promise.all([guest.createPlayer('packed-a'), guest.createPlayer('packed-b')]);
const first = guest.withToken(a.token);
const second = guest.withToken(b.token);
const opened = await first.createGame({ variant: 'classic' });
const joined = await second.joinGame(opened.id);
const pick = (v) => v.legalMoves[Math.floor(Math.random() * v.legalMoves.length)];
const [x, y] = await Promise.all([playGame(first, await first.getGame(opened.id), pick), playGame(second, joined, pick)]);
process.stdout.write(JSON.stringify({ id: opened.id, status: x.status, result: x.result, same: JSON.stringify(x.result) === JSON.stringify(y.result) }));
`;

/** The pages that say how to install the package, each with the same two lines. */
const INSTALL_DOCS = ['docs/bots.md', 'packages/client/README.md'];
/** The scripts npm runs when a package is installed. */
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall', 'prepare'];

/** The commands of a page's shell block that packs the package (comments left out). */
function installLines(page: string): string[] {
  const text = readFileSync(join(ROOT, page), 'utf8');
  const block = [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]).find((b) => b.includes('npm pack -w packages/client'));
  expect(block, page).toBeDefined();
  return block!.trimEnd().split('\n').map((line) => line.replace(/\s+#.*$/, ''));
}

let service: TestService;
let dir: string;
beforeAll(async () => {
  service = await startTestService();
  dir = mkdtempSync(join(tmpdir(), 'client-package-'));
});
afterAll(async () => {
  await service?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the client package (packages/client)', () => {
  it('packs and installs as documented, without a warning, in at most 5 MB, and plays a game', async () => {
    // The documented lines, with the bot's folder (`../my-bot`) where this test keeps it.
    const version = JSON.parse(readFileSync(join(ROOT, 'packages/client/package.json'), 'utf8')).version;
    const tarball = `offiziersskat-client-${version}.tgz`;
    const lines = INSTALL_DOCS.map(installLines);
    expect(lines[1]).toEqual(lines[0]);
    expect(lines[0]).toEqual([
      `npm pack -w packages/client --pack-destination ../my-bot`,
      `cd ../my-bot && npm install --omit=dev ./${tarball}`,
    ]);
    const app = join(dir, 'my-bot');
    rmSync(app, { recursive: true, force: true });
    await run('mkdir', [app]);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'a-bot', private: true, type: 'module' }));
    const tarballsInRoot = () => readdirSync(ROOT).filter((n) => n.endsWith('.tgz'));
    const before = tarballsInRoot();
    // The package's dependency from npm's cache where it can; no audit or funding calls.
    const env = { ...process.env, npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false' };
    const script = lines[0].map((line) => line.replaceAll('../my-bot', app)).join('\n');
    const { stderr } = await run('bash', ['-euo', 'pipefail', '-c', script], { cwd: ROOT, env });
    expect(stderr.split('\n').filter((l) => /^npm warn/i.test(l))).toEqual([]);
    expect(readdirSync(app)).toContain(tarball);
    expect(tarballsInRoot()).toEqual(before);
    // A plain `npm pack` in the root would leave it there: git ignores it.
    expect(readFileSync(join(ROOT, '.gitignore'), 'utf8').split('\n')).toContain('*.tgz');

    const modules = join(app, 'node_modules');
    const installed = readdirSync(modules).filter((n) => !n.startsWith('.')).flatMap((n) => (n.startsWith('@') ? readdirSync(join(modules, n)).map((m) => `${n}/${m}`) : [n]));
    expect(installed.sort()).toEqual(['@offiziersskat/client', 'openapi-fetch', 'openapi-typescript-helpers']);
    expect(bytesUnder(modules)).toBeLessThanOrEqual(MAX_INSTALLED_BYTES);
    const manifest = JSON.parse(readFileSync(join(modules, '@offiziersskat/client/package.json'), 'utf8'));
    expect(manifest.license).toBe('MIT');
    // No script that runs on install (npm 11 asks for each to be approved, and warns until then).
    expect(Object.keys(manifest.scripts ?? {}).filter((name) => INSTALL_SCRIPTS.includes(name))).toEqual([]);
    expect(JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')).dependencies).toEqual({ '@offiziersskat/client': `file:${tarball}` });
    expect(Object.keys(manifest.dependencies)).toEqual(['openapi-fetch']);
    expect(readdirSync(join(modules, '@offiziersskat/client')).sort()).toEqual(['LICENSE', 'README.md', 'dist', 'package.json']);

    writeFileSync(join(app, 'play.mjs'), PLAY);
    const { stdout } = await run(process.execPath, ['play.mjs', service.url], { cwd: app });
    const game = JSON.parse(stdout);
    expect(game).toMatchObject({ status: 'finished', same: true });
    const record = await service.http.get(`/v1/games/${game.id}/record`).expect(200);
    expect(record.body.result).toEqual(game.result);
  });
});
