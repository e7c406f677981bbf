// An arena of 20 bots for "10 minutes" (a minute of 1.5 s here: TOURNAMENT_MINUTE_MS, a test-only
// knob) on two instances of the service (on Postgres each with its own connections, both
// directors pairing at once; on PGlite one): each bot holds its player stream open (that is what
// makes it pairable) and, when paired, one of the two resigns. The instances share a clock the
// test moves: to the start once every bot is in and connected, and to the end once the directors
// have paired WAVES waves (the arena's own 15 s remain the end should that take longer).
// Afterwards: nobody was ever in two games at once, no game was paired twice, nobody met the same
// opponent twice in a row while another was free to play, every player heard of each of its
// games, and the final standings equal a recomputation from the finished games.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../support/matches.ts';
import { rng, testConfig } from '../support/service.ts';
import { openSse } from '../support/sse.ts';
import { twoInstances } from '../support/service.ts';
import { account, until } from '../support/tournaments.ts';
import type { TestPlayer } from '../support/service.ts';

const MINUTE_MS = 1500;
const BOTS = 20;
// The waves paired before the clock ends the arena: after the first (all 20 paired at once), a
// game that ends frees its two players, and each director pairs whoever is free when it steps;
// 60 waves give each bot several games against different opponents, with both directors racing.
const WAVES = 60;
const clock = testClock();
let pair: Awaited<ReturnType<typeof twoInstances>>;

beforeAll(async () => {
  pair = await twoInstances({ now: clock.now, config: { tournaments: { ...testConfig().tournaments, tickMs: 100, minuteMs: MINUTE_MS } } });
});
afterAll(() => pair?.close());

describe('an arena of 20 bots', () => {
  it('pairs waves of free connected players, never twice at once, ends by the clock, standings equal to a recomputation', async () => {
    const { a, b } = pair;
    const https = [a.http, b.http];
    const bots: TestPlayer[] = await Promise.all(Array.from({ length: BOTS }, (_, i) => account(https[i % 2], `Bot${i}`, true)));
    const byId = new Map(bots.map((p) => [p.playerId, p]));
    const created = (
      await a.http
        .post('/v1/tournaments')
        .set(bots[0].auth)
        .send({ name: 'Bot-Arena', system: 'arena', variant: 'classic', turnSeconds: 60, startsAt: new Date(clock.now().getTime() + 5000).toISOString(), minutes: 10, bots: 'only' })
        .expect(201)
    ).body;
    // Its window: 10 "minutes" of 1.5 s.
    expect(Date.parse(created.endsAt) - Date.parse(created.startsAt)).toBe(10 * MINUTE_MS);
    const id = created.id;
    await Promise.all(bots.map((bot, i) => https[i % 2].post(`/v1/tournaments/${id}/join`).set(bot.auth).expect(200)));
    const streams = await Promise.all(bots.map((bot, i) => openSse(`${[a.url, b.url][i % 2]}/v1/players/me/stream`, bot.auth)));
    // Every bot in and connected (its presence held): the arena starts.
    await until(async () => (await a.http.get('/v1/bots/online').expect(200)).body.items.length === BOTS, 20_000, 'the bots online');
    clock.advance(5);
    const pick = rng(7);
    const resigned = new Set<string>();
    try {
      // Until it is over: every running game is resigned by one of its two players, picked at random.
      await until(
        async () => {
          const t = (await https[pick(2)].get(`/v1/tournaments/${id}`).expect(200)).body;
          if (t.status === 'finished') return true;
          // Enough waves (a running game's pairing names its wave): the arena's time is up; the
          // games under way are still played out.
          const wave = Math.max(0, ...(t.pairings ?? []).map((p: { round: number }) => p.round));
          const left = Date.parse(created.endsAt) - clock.now().getTime();
          if (wave >= WAVES && left > 0) clock.advance(left / 1000);
          for (const p of t.pairings ?? []) {
            if (resigned.has(p.gameId)) continue;
            const loser = byId.get(pick(2) === 0 ? p.first : p.second);
            const res = await https[pick(2)].post(`/v1/games/${p.gameId}/moves`).set(loser?.auth ?? {}).send({ move: { type: 'resign' } });
            if (res.status === 200) resigned.add(p.gameId);
          }
          return false;
        },
        60_000,
        'the end of the arena',
      );
      const final = (await a.http.get(`/v1/tournaments/${id}`).expect(200)).body;
      const pairings = await a.parts.tournamentStore.pairings(id);
      expect(pairings.length).toBeGreaterThan(BOTS / 2);
      // No game paired twice, every pairing ended.
      expect(new Set(pairings.map((p) => p.gameId)).size).toBe(pairings.length);
      expect(pairings.every((p) => p.endedAt !== null)).toBe(true);
      // Nobody in two games at once: each player's pairings one after another.
      for (const bot of bots) {
        const mine = pairings.filter((p) => p.firstPlayerId === bot.playerId || p.secondPlayerId === bot.playerId).sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime());
        for (let i = 1; i < mine.length; i++) expect(mine[i - 1].endedAt!.getTime()).toBeLessThanOrEqual(mine[i].createdAt.getTime());
      }
      // Never the same opponent twice in a row when another was free: with 20 players in waves,
      // a back-to-back repeat is only right when the two were the only ones free; count them.
      const waves = new Map<number, typeof pairings>();
      for (const p of pairings) waves.set(p.round, [...(waves.get(p.round) ?? []), p]);
      for (const bot of bots) {
        const mine = pairings.filter((p) => p.firstPlayerId === bot.playerId || p.secondPlayerId === bot.playerId).sort((x, y) => x.round - y.round);
        for (let i = 1; i < mine.length; i++) {
          const other = (p: (typeof mine)[number]) => (p.firstPlayerId === bot.playerId ? p.secondPlayerId : p.firstPlayerId);
          if (other(mine[i]) === other(mine[i - 1])) expect(waves.get(mine[i].round)?.length, `a repeat in wave ${mine[i].round} beside other pairings`).toBe(1);
        }
      }
      // The players heard of every game of theirs.
      for (const [i, bot] of bots.entries()) {
        const mine = pairings.filter((p) => p.firstPlayerId === bot.playerId || p.secondPlayerId === bot.playerId).map((p) => p.gameId);
        const heard = streams[i].messages.filter((m) => m.event === 'tournamentGame').map((m) => JSON.parse(m.data ?? '{}').gameId);
        expect(new Set(heard)).toEqual(new Set(mine));
      }
      // The standings: recomputed from the finished games (2 a win, 1 a draw, 0 a loss; the sheet points summed).
      const score = new Map<string, number>(bots.map((p) => [p.playerId, 0]));
      const sheet = new Map<string, number>(bots.map((p) => [p.playerId, 0]));
      const records = await Promise.all(pairings.map(async (p) => (await a.http.get(`/v1/games/${p.gameId}/record`).expect(200)).body));
      for (const view of records) {
        expect(view.result).toBeTruthy();
        for (const seat of ['forehand', 'dealer'] as const) {
          const playerId = view.players[seat].playerId;
          const mine = view.result.scores[seat];
          const theirs = view.result.scores[seat === 'forehand' ? 'dealer' : 'forehand'];
          score.set(playerId, (score.get(playerId) ?? 0) + (mine > theirs ? 2 : mine === theirs ? 1 : 0));
          sheet.set(playerId, (sheet.get(playerId) ?? 0) + mine);
        }
      }
      expect(final.status).toBe('finished');
      expect(final.standings).toHaveLength(BOTS);
      for (const s of final.standings) {
        expect(s.score, s.name).toBe(score.get(s.playerId));
        expect(s.tiebreaks.sheetPoints, s.name).toBe(sheet.get(s.playerId));
      }
      const order = final.standings.map((s: { score: number; tiebreaks: { sheetPoints: number } }) => [s.score, s.tiebreaks.sheetPoints]);
      for (let i = 1; i < order.length; i++) expect(order[i - 1][0] > order[i][0] || (order[i - 1][0] === order[i][0] && order[i - 1][1] >= order[i][1])).toBe(true);
    } finally {
      for (const s of streams) s.close();
      // Each stream's end is written (the bot's presence ended) before the services close: a write
      // still on its way while the scratch database is dropped fails, through a pooler, outside
      // any request.
      await until(async () => (await a.http.get('/v1/bots/online')).body.items.length === 0, 20_000, 'the bots offline').catch(() => {});
    }
  }, 90_000);
});
