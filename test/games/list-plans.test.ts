// Every ordering a public list offers reads an index, never the whole table: the plans of the
// statements the stores run, at more than 10,000 games (and matches), on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/platform/db/client.ts';
import type { GameStore } from '../../src/games/store.ts';
import { playerGamesQueries } from '../../src/players/store.ts';
import { openTestStores, testDriver, type TestStores } from '../support/db.ts';

const GAMES = 12_000;
const MATCHES = 10_000;
const PLAYERS = 200;

let stores: TestStores;
let database: Database;
let store: GameStore;

beforeAll(async () => {
  stores = await openTestStores();
  ({ database, games: store } = stores);
  await database.query(`insert into players (id, name) select 'p' || i, 'Player ' || i from generate_series(1, ${PLAYERS}) i`);
  // A tenth waiting, the rest being played or over; spread over a day, two seats each.
  await database.query(
    `insert into games (id, config, status, forehand_player_id, dealer_player_id, server_seed, seed_commitment, created_at)
     select 'g' || i, '{}'::jsonb,
            case when i % 10 = 0 then 'waiting' when i % 3 = 0 then 'finished' else 'playing' end,
            'p' || (1 + i % ${PLAYERS}), case when i % 10 = 0 then null else 'p' || (1 + (i * 7) % ${PLAYERS}) end,
            '0', '1', now() - (i || ' seconds')::interval
     from generate_series(1, ${GAMES}) i`,
  );
  await database.query(
    `insert into matches (id, config, games, status, creator_player_id, match_seed, seed_commitment, created_at)
     select 'm' || i, '{}'::jsonb, 3, case when i % 10 = 0 then 'waiting' else 'finished' end, 'p' || (1 + i % ${PLAYERS}), '0', '1',
            now() - (i || ' seconds')::interval
     from generate_series(1, ${MATCHES}) i`,
  );
  await database.query('analyze games');
  await database.query('analyze matches');
}, 120_000);
afterAll(() => stores?.close());

/** The plan of a drizzle statement, as text. */
async function planOf(statement: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql, params } = statement.toSQL();
  const rows = await database.query<Record<string, string>>(`explain ${sql}`, params);
  return rows.map((r) => Object.values(r)[0]).join('\n');
}

describe(`the plans of the public lists (${testDriver}, ${GAMES} games)`, () => {
  it.each([
    ['every game', {}],
    ['waiting games', { status: 'waiting' as const }],
    ['finished games', { status: 'finished' as const }],
    ['waiting games open to anyone', { status: 'waiting' as const, openTo: null }],
  ])('the lobby, %s, newest first: an index scan, no sort', async (_, query) => {
    const plan = await planOf(store.listQuery({ ...query, limit: 20 }));
    expect(plan).not.toMatch(/Seq Scan/);
    expect(plan).not.toMatch(/\bSort\b/);
    expect(plan).toMatch(/Index Scan/);
  });

  it('the lobby from a cursor too', async () => {
    const first = await store.listGames({ limit: 20 });
    expect(first.nextCursor).not.toBeNull();
    const plan = await planOf(store.listQuery({ limit: 20, cursor: first.nextCursor! }));
    expect(plan).not.toMatch(/Seq Scan/);
    expect(plan).not.toMatch(/\bSort\b/);
  });

  it.each(['waiting', 'playing', 'finished'] as const)('the matches lobby, %s, newest first: an index scan, no sort', async (status) => {
    const plan = await planOf(stores.matches.listQuery({ status, limit: 20 }));
    expect(plan).not.toMatch(/Seq Scan/);
    expect(plan).not.toMatch(/\bSort\b/);
  });

  it("a player's games and matches read the player's indexes, never the whole tables", async () => {
    for (const status of [undefined, 'waiting', 'active', 'finished'] as const) {
      for (const statement of playerGamesQueries(database.db, { playerId: 'p7', status, limit: 20 })) {
        const plan = await planOf(statement);
        expect(plan, `${status}: ${plan}`).not.toMatch(/Seq Scan/);
      }
    }
  });
});
