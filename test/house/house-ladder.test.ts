// The house bots' ladder: with the bots on, the levels play rated games against each other by
// themselves (a round robin over the pairs, the seats alternating), never a bot in two ladder
// games at once, a person who seeks still gets a house bot at once (and that bot is left to the
// person), the ladder stops with the bots and goes on after a restart where it stopped.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUSE_LEVELS, type HouseLevel } from '../../src/house/levels.ts';
import { LadderStore, type HouseBots } from '../../src/house/start.ts';
import { games } from '../../src/games/tables.ts';
import { startTestService, type TestService } from '../support/service.ts';
import { personPlaysHouseBot, startHouse, until } from './house-service.ts';

let service: TestService;
let house: HouseBots | undefined;
beforeAll(async () => {
  // Every rating on the leaderboard at once (no provisional ones kept off it).
  service = await startTestService({ config: { ratings: { provisionalRd: 350 } } });
});
afterAll(async () => {
  await house?.stop();
  await service?.close();
});

// Four quick levels (random and greedy, and each again under another name): two ladder games can be under way at once.
const quick = (level: string, strategy: HouseLevel['strategy']): HouseLevel => ({ level, username: `house-${level}`, name: `Computer (${level})`, strategy });
const LEVELS: HouseLevel[] = [...HOUSE_LEVELS.filter((l) => l.strategy === 'random' || l.strategy === 'greedy'), quick('greedy-b', 'greedy'), quick('random-b', 'random')];

const start = (limit: number) =>
  startHouse(service, LEVELS, {
    ladder: { store: new LadderStore(service.database.db), games: service.deps.games, gamesAtOnce: 2, pauseMs: 0, tickMs: 20, variants: ['classic'], limit },
  });

type Row = { id: string; status: string; rated: boolean; forehand: string | null; dealer: string | null; createdAt: Date; updatedAt: Date };
const ladderGames = async (ids: string[]): Promise<Row[]> =>
  service.database.db
    .select({ id: games.id, status: games.status, rated: games.rated, forehand: games.forehandPlayerId, dealer: games.dealerPlayerId, createdAt: games.createdAt, updatedAt: games.updatedAt })
    .from(games)
    .where(and(inArray(games.forehandPlayerId, ids), inArray(games.dealerPlayerId, ids), eq(games.status, 'finished')));

/** Each bot's ladder games, begun to ended, never overlap. */
function overlaps(rows: Row[], ids: string[]): string[] {
  const out: string[] = [];
  for (const id of ids) {
    const mine = rows.filter((r) => r.forehand === id || r.dealer === id).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    for (let i = 1; i < mine.length; i++) if ((mine[i] as Row).createdAt < (mine[i - 1] as Row).updatedAt) out.push(`${id}: ${mine[i - 1]?.id} and ${mine[i]?.id}`);
  }
  return out;
}

/** Games per pair (both seats), and how unevenly the pair's seats went. */
function pairs(rows: Row[], ids: string[]) {
  const out: { games: number; seatGap: number }[] = [];
  for (let i = 0; i < ids.length; i++)
    for (let j = i + 1; j < ids.length; j++) {
      const ab = rows.filter((r) => r.forehand === ids[i] && r.dealer === ids[j]).length;
      const ba = rows.filter((r) => r.forehand === ids[j] && r.dealer === ids[i]).length;
      out.push({ games: ab + ba, seatGap: Math.abs(ab - ba) });
    }
  return out;
}

describe('the house ladder', () => {
  it('plays a rated round robin of the levels, seats alternating, a bot in one at a time; a person gets a bot; stops, resumes', async () => {
    house = await start(12);
    const ids = [...house.players.values()];
    expect(ids).toHaveLength(4);

    // A person seeks while the ladder plays (once the bots' seeks stand): paired with a house bot at once, and played to its end.
    type Online = { playerId: string; variants: string[] };
    await until(
      async () => (await service.http.get('/v1/bots/online').expect(200)).body.items as Online[],
      (bots) => ids.every((id) => bots.find((b) => b.playerId === id)?.variants.includes('classic')),
      120_000,
    );
    const { botId, gameId } = await personPlaysHouseBot(service, 'l');

    // Twelve ladder games (six pairs, classic): each pair twice, once at each seat.
    let rows = await until(() => ladderGames(ids), (r) => r.length >= 12, 120_000);
    expect(rows).toHaveLength(12);
    expect(rows.every((r) => r.rated)).toBe(true);
    expect(pairs(rows, ids)).toEqual(Array.from({ length: 6 }, () => ({ games: 2, seatGap: 0 })));
    expect(overlaps(rows, ids)).toEqual([]);
    expect(house.ladder?.begun()).toHaveLength(12);
    // Rated as any game: each bot's classic rating has its games (and the person's game besides).
    for (const id of ids) {
      const profile = (await service.http.get(`/v1/players/${id}`).expect(200)).body;
      expect(profile.ratings.classic.games).toBeGreaterThanOrEqual(3);
      expect(profile.ratings.classic.rating).not.toBe(1500);
    }
    const board = (await service.http.get('/v1/leaderboards/classic?bots=only').expect(200)).body.items as { playerId: string }[];
    expect(board.map((b) => b.playerId).sort()).toEqual([...ids].sort());
    // The person's bot began no ladder game while it played the person (but one the ladder had
    // chosen just before the pairing: its look and its challenge are two steps).
    const row = (await service.database.db.select().from(games).where(eq(games.id, gameId)))[0]!;
    expect(rows.filter((r) => (r.forehand === botId || r.dealer === botId) && r.createdAt > row.createdAt && r.createdAt < row.updatedAt).length).toBeLessThanOrEqual(1);

    // Stopped with the bots: no game begins after.
    await house.stop();
    house = undefined;
    const all = async () => (await service.database.db.select({ id: games.id }).from(games)).length;
    const before = await all();
    await new Promise((r) => setTimeout(r, 300)); // fifteen of the ladder's looks
    expect(await all()).toBe(before);

    // Started again: it goes on from the games played (six more: each pair a third time).
    house = await start(6);
    rows = await until(() => ladderGames(ids), (r) => r.length >= 18, 120_000);
    expect(rows).toHaveLength(18);
    expect(pairs(rows, ids).map((p) => p.games)).toEqual([3, 3, 3, 3, 3, 3]);
    expect(overlaps(rows, ids)).toEqual([]);
  }, 240_000);
});
