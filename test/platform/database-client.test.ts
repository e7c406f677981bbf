import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, isReady, openDatabase } from '../../src/platform/db/client.ts';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { GameStore } from '../../src/games/store.ts';
import { PlayerStore } from '../../src/accounts/player-store.ts';
import { DEFAULT_CONFIG } from '../../src/engine/types.ts';
import { createScratchDatabase, openTestDatabase, testDriver } from '../support/db.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLIENT = new URL('../../src/platform/db/client.ts', import.meta.url).href;

describe(`client (${testDriver})`, () => {
  it('opens migrated and ready; not ready once closed', async () => {
    const database = await openTestDatabase();
    expect(database.driver).toBe(testDriver);
    expect(await isReady(database)).toBe(true);
    await database.close();
    expect(await isReady(database)).toBe(false);
  });
});

describe.runIf(testDriver === 'postgres')('several processes starting at once', () => {
  it('migrate a fresh server database once, without tripping over each other', async () => {
    const scratch = await createScratchDatabase();
    try {
      const opened = await Promise.all(Array.from({ length: 4 }, () => openDatabase(scratch.url, { poolSize: 1, ...scratch.options })));
      for (const database of opened) expect(await isReady(database)).toBe(true);
      const rows = await opened[0]!.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(rows[0]?.n).toBe(readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).length);
      await Promise.all(opened.map((d) => d.close()));
    } finally {
      await scratch.drop();
    }
  });
});

describe('embedded PGlite in a directory', () => {
  it('keeps what was written across a close and a reopen', async () => {
    const root = await mkdtemp(join(tmpdir(), 'offiziersskat-'));
    // Not there yet, two levels deep: opening creates it.
    const dataDir = join(root, 'var', 'data');
    try {
      const first = await openDatabase(undefined, { dataDir });
      expect(first.driver).toBe('pglite');
      const store = new GameStore(first);
      const anna = await new PlayerStore(first.db).createPlayer({ name: 'Anna' });
      await store.createGame({
        id: 'kept',
        config: DEFAULT_CONFIG,
        status: 'cutting',
        serverSeed: 'e'.repeat(64),
        seedCommitment: 'f'.repeat(64),
        forehandPlayerId: anna.id,
        dealerPlayerId: null,
        reservedPlayerId: null,
      });
      await store.appendEvents({ gameId: 'kept', expectedVersion: 0, events: [{ type: 'cut', seat: 'forehand', at: 3 }], status: 'declaring' });
      await first.close();

      // Reopening runs the migrations again: they must be a no-op now.
      const second = await openDatabase(undefined, { dataDir });
      try {
        expect(await isReady(second)).toBe(true);
        const reread = new GameStore(second);
        expect(await new PlayerStore(second.db).getPlayer(anna.id)).toEqual(anna);
        const loaded = await reread.loadGame('kept');
        expect(loaded?.game.version).toBe(1);
        expect(loaded?.events).toEqual([{ type: 'cut', seat: 'forehand', at: 3 }]);
      } finally {
        await second.close();
      }
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('serves one process: a second process refuses the directory with one line, and may have it once the first is gone', async () => {
    const root = await mkdtemp(join(tmpdir(), 'offiziersskat-'));
    const dataDir = join(root, 'data');
    const tryOpen = () =>
      spawnSync(process.execPath, ['--import', 'tsx', '-e', `import('${CLIENT}').then((m) => m.openDatabase(undefined, { dataDir: ${JSON.stringify(dataDir)} })).then((d) => d.close()).then(() => console.log('opened'), (e) => { console.error(e.message); process.exit(3); })`], {
        encoding: 'utf8',
        cwd: ROOT,
      });
    try {
      const held = await openDatabase(undefined, { dataDir });
      const refused = tryOpen();
      expect(refused.status).toBe(3);
      expect(refused.stderr.trim()).toBe(
        `the embedded database in ${dataDir} is in use by another process (pid ${process.pid}); it serves one process only: stop that one, or use DATABASE_URL=postgres://… for more`,
      );
      await held.close();
      const later = tryOpen();
      expect(later.stdout.trim(), later.stderr).toBe('opened');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
