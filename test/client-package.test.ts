// The client package as a bot author gets it: packed (`npm pack -w packages/client`), installed
// from the tarball into an empty folder with production dependencies only, small, and playing a
// whole game against a running service from plain Node (no TypeScript, no workspace around it).
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
  it('packs, installs from its tarball with its dependencies in at most 5 MB, and plays a game', async () => {
    // `prepack` builds it; the tarball's name is the last line npm prints.
    const packed = await run('npm', ['pack', '-w', 'packages/client', '--pack-destination', dir, '--silent'], { cwd: ROOT });
    const tarball = join(dir, packed.stdout.trim().split('\n').at(-1) ?? '');
    const app = join(dir, 'app');
    rmSync(app, { recursive: true, force: true });
    await run('mkdir', [app]);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'a-bot', private: true, type: 'module' }));
    await run('npm', ['install', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', tarball], { cwd: app });

    const modules = join(app, 'node_modules');
    const installed = readdirSync(modules).filter((n) => !n.startsWith('.')).flatMap((n) => (n.startsWith('@') ? readdirSync(join(modules, n)).map((m) => `${n}/${m}`) : [n]));
    expect(installed.sort()).toEqual(['@offiziersskat/client', 'openapi-fetch', 'openapi-typescript-helpers']);
    expect(bytesUnder(modules)).toBeLessThanOrEqual(MAX_INSTALLED_BYTES);
    const manifest = JSON.parse(readFileSync(join(modules, '@offiziersskat/client/package.json'), 'utf8'));
    expect(manifest.license).toBe('MIT');
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
