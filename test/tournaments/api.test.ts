// Tournaments through the API: creation and its refusals, the list, join and withdraw with theirs
// (entries closed once a Swiss event's last round is paired), a Swiss event ending early, and a
// Swiss event of 5 players (a bye each round) played to its end by resigning: the standings add
// up, the stream told it all (and resumes), every player heard of its games, the export holds them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../support/matches.ts';
import { expectProblem } from '../support/problems.ts';
import { testConfig, Client, startTestService, type TestPlayer, type TestService } from '../support/service.ts';
import { openSse } from '../support/sse.ts';
import { account, exportedRecords, listed, resignRunning, startingNow, tomorrow, until } from '../support/tournaments.ts';

let service: TestService;
let client: Client;
// The service's clock: an event "starting in a few seconds" starts when the test moves the clock
// past its start (its entrants joined), not after a real wait.
const clock = testClock();
const START_AHEAD_S = 5;
/** A start a few seconds ahead on the service's clock (entrants join first, then `startNow`). */
const soonStart = () => new Date(clock.now().getTime() + START_AHEAD_S * 1000).toISOString();
/** Moves the service's clock past the start of the events made with `soonStart`; the director's next tick starts them. */
const startNow = () => clock.advance(START_AHEAD_S);

const TICK_MS = 50;

beforeAll(async () => {
  service = await startTestService({ now: clock.now, config: { tournaments: { ...testConfig().tournaments, tickMs: TICK_MS, minuteMs: 60_000 } } });
  client = new Client(service.http);
});
afterAll(() => service?.close());

const create = (p: TestPlayer, body: Record<string, unknown>) => service.http.post('/v1/tournaments').set(p.auth).send(body);
const join = (p: TestPlayer, id: string) => service.http.post(`/v1/tournaments/${id}/join`).set(p.auth);
const withdraw = (p: TestPlayer, id: string) => service.http.post(`/v1/tournaments/${id}/withdraw`).set(p.auth);
const get = async (id: string) => (await service.http.get(`/v1/tournaments/${id}`).expect(200)).body;

describe('POST /v1/tournaments', () => {
  it('creates an arena and a Swiss event with their defaults; Location names it; a repeated Idempotency-Key answers the first', async () => {
    const anna = await account(service.http, 'Anna');
    const arena = await create(anna, tomorrow({ system: 'arena', minutes: 30 })).expect(201);
    expect(arena.headers.location).toBe(`/v1/tournaments/${arena.body.id}`);
    expect(arena.body).toMatchObject({ system: 'arena', status: 'upcoming', players: 0, standings: [], options: { minutes: 30, maxPlayers: 100, bots: 'allow', rated: false } });
    expect(Date.parse(arena.body.endsAt) - Date.parse(arena.body.startsAt)).toBe(30 * 60_000);
    const swiss = await create(anna, tomorrow()).expect(201);
    expect(swiss.body).toMatchObject({ system: 'swiss', round: 0, rounds: 5, options: { rounds: 5, gamesPerRound: 2 } });
    const key = { 'Idempotency-Key': 'tournament-1' };
    const once = tomorrow({ name: 'Once' });
    const first = await create(anna, once).set(key).expect(201);
    const again = await create(anna, once).set(key).expect(201);
    expect(again.body.id).toBe(first.body.id);
  });

  it('refuses bad options, guests, past and far starts, and a sixth upcoming tournament', async () => {
    const bert = await account(service.http, 'Bert');
    const guest = await client.player('Gast');
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [tomorrow({ rounds: 2 }), 400, 'VALIDATION_FAILED'],
      [tomorrow({ rounds: 16 }), 400, 'VALIDATION_FAILED'],
      [tomorrow({ system: 'arena', minutes: 9 }), 400, 'VALIDATION_FAILED'],
      [tomorrow({ system: 'arena', minutes: 721 }), 400, 'VALIDATION_FAILED'],
      [tomorrow({ gamesPerRound: 3 }), 400, 'VALIDATION_FAILED'],
      [tomorrow({ maxPlayers: 1 }), 400, 'VALIDATION_FAILED'],
      [tomorrow({ maxPlayers: 1001 }), 400, 'VALIDATION_FAILED'],
      [tomorrow({ system: 'arena', rounds: 3 }), 422, 'TOURNAMENT_OPTIONS'],
      [tomorrow({ minutes: 30 }), 422, 'TOURNAMENT_OPTIONS'],
      [tomorrow({ rated: true, turnSeconds: 600 }), 422, 'RATED_TURN_SECONDS'],
      [startingNow({ startsAt: new Date(Date.now() - 3_600_000).toISOString() }), 422, 'TOURNAMENT_STARTS_AT'],
      [startingNow({ startsAt: new Date(Date.now() + 31 * 86_400_000).toISOString() }), 422, 'TOURNAMENT_STARTS_AT'],
    ];
    for (const [body, status, code] of cases) expectProblem(await create(bert, body), status, code);
    expectProblem(await create(guest, tomorrow()), 403, 'ACCOUNT_REQUIRED');
    for (let i = 0; i < 5; i++) await create(bert, tomorrow()).expect(201);
    const bertsUpcoming = async () => (await listed(service.http, 'upcoming')).filter((t) => t.createdBy === bert.playerId).map((t) => t.id);
    const five = await bertsUpcoming();
    expect(five).toHaveLength(5);
    expectProblem(await create(bert, tomorrow()), 429, 'TOO_MANY_TOURNAMENTS');
    // The sixth was not made.
    expect(await bertsUpcoming()).toEqual(five);
  });
});

describe('a tournament\'s name', () => {
  it('must show something and hold no bidi control: 400 VALIDATION_FAILED, as a player\'s name', async () => {
    const carla = await account(service.http, 'Carla');
    const refused = ['\u200B', '\u3164', '\u2800', '\u202E', '\u3164\u200B \u2800', '\u202EArena', 'Are\u202Ena', 'Arena\u2068'];
    for (const name of refused) {
      const problem = expectProblem(await create(carla, tomorrow({ name })), 400, 'VALIDATION_FAILED');
      expect(problem.errors, JSON.stringify(name)).toEqual([expect.objectContaining({ path: 'name', message: expect.stringMatching(/shows.*bidi/) })]);
    }
    // Among visible text the blanks are only spacing.
    for (const name of ['\u200BArena', 'Arena\u3164', '\u2800Swiss']) expect((await create(carla, tomorrow({ name })).expect(201)).body.name).toBe(name);
  });
});

describe('GET /v1/tournaments', () => {
  it('lists by status, soonest first, paginated', async () => {
    const cara = await account(service.http, 'Cara');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create(cara, tomorrow({ startsAt: new Date(Date.now() + (20 - i) * 86_400_000).toISOString() })).expect(201)).body.id);
    const seen: Array<{ id: string; startsAt: string; status: string }> = [];
    let cursor: string | null = null;
    do {
      const page: { body: { items: typeof seen; nextCursor: string | null } } = await service.http.get(`/v1/tournaments?status=upcoming&limit=2${cursor ? `&cursor=${cursor}` : ''}`).expect(200);
      seen.push(...page.body.items);
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen.every((t) => t.status === 'upcoming')).toBe(true);
    expect(seen.map((t) => t.startsAt)).toEqual([...seen.map((t) => t.startsAt)].sort());
    expect(seen.map((t) => t.id)).toEqual(expect.arrayContaining(ids));
    expectProblem(await service.http.get('/v1/tournaments?cursor=nonsense'), 400, 'INVALID_CURSOR');
    expectProblem(await service.http.get('/v1/tournaments/no-such-one'), 404, 'TOURNAMENT_NOT_FOUND');
  });
});

describe('join and withdraw', () => {
  it('refuses: full, a guest if rated, a bot where none may play, a person in a bot league, withdrawing twice or unjoined', async () => {
    const dora = await account(service.http, 'Dora');
    const emil = await account(service.http, 'Emil');
    const bot = await account(service.http, 'Robo', true);
    const guest = await client.player('Gast');
    const small = (await create(dora, tomorrow({ maxPlayers: 2 })).expect(201)).body.id;
    expect((await join(dora, small).expect(200)).body.players).toBe(1);
    await join(dora, small).expect(200); // twice: nothing changes
    await join(emil, small).expect(200);
    expectProblem(await join(bot, small), 409, 'TOURNAMENT_FULL');
    const rated = (await create(dora, tomorrow({ rated: true })).expect(201)).body.id;
    expectProblem(await join(guest, rated), 422, 'RATED_NEEDS_ACCOUNT');
    const people = (await create(dora, tomorrow({ bots: 'none' })).expect(201)).body.id;
    expectProblem(await join(bot, people), 422, 'BOTS_NOT_ALLOWED');
    const league = (await create(dora, tomorrow({ bots: 'only' })).expect(201)).body.id;
    expectProblem(await join(emil, league), 422, 'BOTS_ONLY');
    await join(bot, league).expect(200);
    expectProblem(await withdraw(emil, league), 422, 'NOT_IN_TOURNAMENT');
    await withdraw(bot, league).expect(204);
    expectProblem(await withdraw(bot, league), 409, 'ALREADY_WITHDRAWN');
    const standing = (await get(league)).standings.find((s: { playerId: string }) => s.playerId === bot.playerId);
    expect(standing).toMatchObject({ withdrawn: true, bot: true });
    expectProblem(await join(dora, 'no-such-one'), 404, 'TOURNAMENT_NOT_FOUND');
  });
});

describe('places', () => {
  it('a withdrawn (or deleted) entrant holds no place: a new player takes it, and the one coming back finds it full', async () => {
    const [anna, bert, cara, dora] = await Promise.all(['Anna', 'Bert', 'Cara', 'Dora'].map((n) => account(service.http, n)));
    const id = (await create(anna, tomorrow({ maxPlayers: 2 })).expect(201)).body.id;
    await join(anna, id).expect(200);
    await join(bert, id).expect(200);
    expectProblem(await join(cara, id), 409, 'TOURNAMENT_FULL');
    await withdraw(bert, id).expect(204);
    await join(cara, id).expect(200);
    // Bert's place is Cara's now.
    expectProblem(await join(bert, id), 409, 'TOURNAMENT_FULL');
    // A deleted entrant leaves its place too.
    await service.http.delete('/v1/players/me').set(cara.auth).expect(204);
    await join(dora, id).expect(200);
    const standings = (await get(id)).standings as Array<{ playerId: string; withdrawn: boolean }>;
    expect(standings.filter((s) => !s.withdrawn).map((s) => s.playerId).sort()).toEqual([anna.playerId, dora.playerId].sort());
  });
});

describe('a deleted player', () => {
  it('is withdrawn from the tournaments it entered (the standings say so) and never paired', async () => {
    const [anna, bert] = await Promise.all(['Anna', 'Bert'].map((n) => account(service.http, n)));
    const upcoming = (await create(anna, tomorrow()).expect(201)).body.id;
    const arena = (await create(anna, startingNow({ system: 'arena', minutes: 20, startsAt: clock.now().toISOString() })).expect(201)).body.id;
    for (const id of [upcoming, arena]) for (const p of [anna, bert]) await join(p, id).expect(200);
    await service.http.delete('/v1/players/me').set(bert.auth).expect(204);
    for (const id of [upcoming, arena]) {
      const standings = (await get(id)).standings as Array<{ playerId: string; withdrawn: boolean }>;
      expect(standings.find((s) => s.playerId === bert.playerId), id).toMatchObject({ withdrawn: true });
      expect(standings.find((s) => s.playerId === anna.playerId), id).toMatchObject({ withdrawn: false });
    }
    // Both "connected" (the presence a player stream keeps): the arena still pairs nobody.
    for (const p of [anna, bert])
      await service.database.query(`insert into bot_presence (id, player_id, lease_until) values ($1, $2, now() + interval '1 day')`, [crypto.randomUUID(), p.playerId]);
    await service.parts.director.tick();
    await service.parts.director.tick();
    expect(await service.parts.tournamentStore.pairings(arena)).toEqual([]);
  });
});

describe('an arena pairing', () => {
  it('tells both players on their player streams: gameStart and tournamentGame', async () => {
    const [anna, bert] = await Promise.all(['Anna', 'Bert'].map((n) => account(service.http, n)));
    const id = (await create(anna, startingNow({ system: 'arena', minutes: 20, startsAt: clock.now().toISOString() })).expect(201)).body.id;
    // An open player stream is what makes a player pairable in an arena.
    const streams = await Promise.all([anna, bert].map((p) => openSse(`${service.url}/v1/players/me/stream`, p.auth)));
    try {
      for (const p of [anna, bert]) await join(p, id).expect(200);
      const pairing = await until(async () => (await get(id)).pairings?.[0], 20_000, 'the arena pairing');
      for (const [i, p] of [anna, bert].entries()) {
        const opponent = (p === anna ? bert : anna).playerId;
        const heard = (type: string) => streams[i].messages.filter((m) => m.event === type).map((m) => JSON.parse(m.data ?? '{}'));
        await streams[i].until(() => heard('gameStart').some((e) => e.gameId === pairing.gameId), 5000);
        expect(heard('gameStart').find((e) => e.gameId === pairing.gameId)).toMatchObject({ opponent, seat: p.playerId === pairing.first ? 'forehand' : 'dealer', matchId: null });
        await streams[i].until(() => heard('tournamentGame').some((e) => e.gameId === pairing.gameId), 5000);
      }
      await service.http.post(`/v1/games/${pairing.gameId}/moves`).set(anna.auth).send({ move: { type: 'resign' } }).expect(200);
    } finally {
      for (const s of streams) s.close();
    }
  });
});

describe('entries closed', () => {
  it('refuses a join and a withdrawal once a Swiss event has paired its last round (TOURNAMENT_ENTRY_CLOSED), changing nothing', async () => {
    const players = await Promise.all(['Anna', 'Bert', 'Cara', 'Dora'].map((n) => account(service.http, n)));
    const byId = new Map(players.map((p) => [p.playerId, p]));
    const late = await account(service.http, 'Fritz');
    const id = (await create(players[0], startingNow({ rounds: 3, gamesPerRound: 1, startsAt: soonStart() })).expect(201)).body.id;
    for (const p of players) await join(p, id).expect(200);
    startNow();
    // Rounds 1 and 2 resigned; then the last round is paired (4 players: it always can be).
    const last = await until(async () => {
      const t = await get(id);
      if (t.status !== 'running') return null;
      if (t.round === 3) return t;
      await resignRunning(service.http, t.pairings, byId);
      return null;
    }, 20_000, 'the last round paired');
    const pairings = await service.parts.tournamentStore.pairings(id);
    const entrants = await service.parts.tournamentStore.entrants(id);
    expectProblem(await join(late, id), 422, 'TOURNAMENT_ENTRY_CLOSED');
    expectProblem(await withdraw(players[1], id), 422, 'TOURNAMENT_ENTRY_CLOSED');
    // Nothing changed: the late player is not in, the other not withdrawn, the round as paired.
    const after = await get(id);
    expect(after).toEqual(last);
    expect(after.players).toBe(4);
    expect(after.standings.map((s: { playerId: string }) => s.playerId)).not.toContain(late.playerId);
    expect(after.standings.find((s: { playerId: string }) => s.playerId === players[1].playerId)).toMatchObject({ withdrawn: false });
    expect(await service.parts.tournamentStore.entrants(id)).toEqual(entrants);
    expect(await service.parts.tournamentStore.pairings(id)).toEqual(pairings);
  }, 60_000);
});

describe('ending early', () => {
  it('ends a Swiss event early, saying why (endedEarly): fewer than two players at its start, or every next pairing a repeat', async () => {
    const [anna, bert] = [await account(service.http, 'Anna'), await account(service.http, 'Bert')];
    const byId = new Map([anna, bert].map((p) => [p.playerId, p]));
    const soon = () => startingNow({ rounds: 3, gamesPerRound: 1, startsAt: soonStart() });
    const alone = (await create(anna, soon()).expect(201)).body.id;
    await join(anna, alone).expect(200);
    const two = (await create(anna, soon()).expect(201)).body.id;
    for (const p of [anna, bert]) await join(p, two).expect(200);
    startNow();
    const ended = async (id: string) => {
      const final = await until(async () => {
        const t = await get(id);
        if (t.status === 'finished') return t;
        if (t.status === 'running') await resignRunning(service.http, t.pairings, byId);
        return null;
      }, 20_000, 'the end');
      // The stream's last word says the same, with the same final standings.
      const stream = await openSse(`${service.url}/v1/tournaments/${id}/stream`);
      try {
        await stream.until((m) => m.some((x) => x.event === 'tournamentEnd'), 5000);
        const end = JSON.parse(stream.messages.find((m) => m.event === 'tournamentEnd')?.data ?? '{}');
        expect(end).toMatchObject({ type: 'tournamentEnd', endedEarly: final.endedEarly, standings: final.standings });
      } finally {
        stream.close();
      }
      return final;
    };

    // Alone at the start: no round, no game; the one entrant ranked first with nothing.
    const lone = await ended(alone);
    expect(lone).toMatchObject({ status: 'finished', round: 0, endedEarly: 'fewer than two players left', pairings: [] });
    expect(lone.standings).toEqual([expect.objectContaining({ playerId: anna.playerId, score: 0, rank: 1 })]);
    expect(await service.parts.tournamentStore.pairings(alone)).toEqual([]);
    expect(await exportedRecords(service.http, alone)).toEqual([]);

    // Two players who met in round 1: round 2 would repeat their pairing, so the event ends there.
    const pair = await ended(two);
    expect(pair).toMatchObject({ status: 'finished', round: 1, endedEarly: expect.stringMatching(/^no legal pairing left/) });
    expect(await service.parts.tournamentStore.pairings(two)).toHaveLength(1);
    expect(await exportedRecords(service.http, two)).toHaveLength(1);
    expect(pair.standings.map((s: { score: number }) => s.score).sort()).toEqual([0, 1]);

    // Over for good: nobody joins an event that ended early.
    for (const id of [alone, two]) expectProblem(await join(bert, id), 422, 'TOURNAMENT_FINISHED');
    expect(await get(alone)).toEqual(lone);
  }, 60_000);
});

describe('a Swiss event of 5 players', () => {
  it('plays 3 rounds with a bye each, matches of 2 games, rated, to its end: standings, stream, player streams, export', async () => {
    const players = await Promise.all(['Anna', 'Bert', 'Cara', 'Dora', 'Emil'].map((n) => account(service.http, n)));
    const byId = new Map(players.map((p) => [p.playerId, p]));
    const made = (await create(players[0], startingNow({ rated: true, rounds: 3, gamesPerRound: 2, startsAt: soonStart() })).expect(201)).body;
    const id = made.id;
    for (const p of players) await join(p, id).expect(200);
    const stream = await openSse(`${service.url}/v1/tournaments/${id}/stream`);
    const annas = await openSse(`${service.url}/v1/players/me/stream`, players[0].auth);
    startNow();
    try {
      // Each round: resign every running game (the first player of each pairing loses) until the round is over.
      for (let round = 1; round <= 3; round++) {
        const t = await until(async () => {
          const t = await get(id);
          return t.round === round && t.status === 'running' && t;
        }, 20_000, `round ${round}`);
        expect(t.pairings).toHaveLength(3);
        const bye = t.pairings.filter((p: { second: string | null }) => p.second === null);
        expect(bye).toHaveLength(1);
        expect(bye[0].finished).toBe(true);
        // Play until every pairing of the round is over: 2 games per match.
        await until(async () => {
          const now = await get(id);
          if (now.round !== round || now.status === 'finished') return true;
          await resignRunning(service.http, now.pairings, byId);
          return false;
        }, 20_000, `the end of round ${round}`);
      }
      const final = await until(async () => {
        const t = await get(id);
        return t.status === 'finished' && t;
      }, 20_000, 'the end');
      expect(final.standings).toHaveLength(5);
      // Every player had one bye (3 rounds, 5 players: 3 byes to different players).
      const pairings = (await service.parts.tournamentStore.pairings(id));
      const byes = pairings.filter((p) => p.secondPlayerId === null).map((p) => p.firstPlayerId);
      expect(new Set(byes).size).toBe(3);
      // No pairing twice.
      const met = pairings.filter((p) => p.secondPlayerId).map((p) => [p.firstPlayerId, p.secondPlayerId].sort().join());
      expect(new Set(met).size).toBe(met.length);
      // The scores: 1 a win (the second player, as the first resigned), 1 a bye; 3 rounds: 3 points in all per round.
      const total = final.standings.reduce((n: number, s: { score: number }) => n + s.score, 0);
      expect(total).toBe(9);
      // Ranked: 1 first, never down (players tied on everything share a rank).
      const ranks = final.standings.map((s: { rank: number }) => s.rank);
      expect(ranks[0]).toBe(1);
      expect(ranks).toEqual([...ranks].sort((x: number, y: number) => x - y));
      // The stream: rounds, pairings, standings, the end; then it ends.
      await stream.until((m) => m.some((x) => x.event === 'tournamentEnd'), 5000);
      const types = stream.messages.map((m) => m.event);
      expect(types.filter((t) => t === 'roundStart')).toHaveLength(3);
      expect(types.filter((t) => t === 'roundEnd')).toHaveLength(3);
      expect(types.filter((t) => t === 'pairing')).toHaveLength(3);
      expect(types).toContain('standings');
      // Resumable: after the 2nd message, the rest again, but for the standings (and the joins)
      // that tournamentEnd (the final table) stands for.
      const resumed = await openSse(`${service.url}/v1/tournaments/${id}/stream`, { 'Last-Event-ID': '2' });
      try {
        await resumed.until((m) => m.some((x) => x.event === 'tournamentEnd'), 5000);
        const rest = stream.messages.filter((m) => m.id).slice(2);
        expect(resumed.messages.filter((m) => m.id).map((m) => m.id)).toEqual(rest.filter((m) => !['standings', 'join', 'withdraw'].includes(m.event ?? '')).map((m) => m.id));
      } finally {
        resumed.close();
      }
      // Anna heard of her games.
      await annas.until((m) => m.some((x) => x.event === 'tournamentGame'), 2000);
      const told = annas.messages.filter((m) => m.event === 'tournamentGame').map((m) => JSON.parse(m.data ?? '{}'));
      expect(told.length).toBeGreaterThanOrEqual(2);
      expect(told[0]).toMatchObject({ type: 'tournamentGame', tournamentId: id });
      // The export: every game (2 per match, 2 matches a round, 3 rounds).
      const records = await exportedRecords(service.http, id);
      expect(records).toHaveLength(12);
      // A rated event: its games moved the ratings.
      for (const record of records) expect(record).toMatchObject({ rated: true, ratingChanges: expect.any(Object) });
      // Joining a finished one is refused.
      expectProblem(await join(players[1], id), 422, 'TOURNAMENT_FINISHED');
    } finally {
      stream.close();
      annas.close();
    }
  }, 60_000);
});

describe('timeouts', () => {
  it('claims the games of a tournament past their deadline; a player who lets two time out is withdrawn', async () => {
    const [anna, bert] = [await account(service.http, 'Anna'), await account(service.http, 'Bert')];
    const { director } = service.parts;
    const id = (await create(anna, startingNow({ system: 'arena', minutes: 20, startsAt: clock.now().toISOString() })).expect(201)).body.id;
    for (const p of [anna, bert]) {
      // Connected: an arena pairs players whose player stream is open; the presence row such a
      // stream keeps, here for a day (a stream's own lease would lapse as the clock jumps). Then
      // the join, which makes the arena due (a stream opening would, as the row stands in for one).
      await service.database.query(`insert into bot_presence (id, player_id, lease_until) values ($1, $2, now() + interval '1 day')`, [crypto.randomUUID(), p.playerId]);
      await join(p, id).expect(200);
    }
    // The director stepped by hand from here: each tick past a game's deadline claims it for the
    // waiting player, records it, and pairs the two again.
    await director.stop();
    try {
      const withdrawn = await until(async () => {
        await director.tick();
        const t = await get(id);
        const out = t.standings.find((s: { withdrawn: boolean }) => s.withdrawn);
        if (out) return out;
        // Nobody moves: past the deadline, the director claims the game for the waiting player.
        if ((t.pairings ?? []).length > 0) clock.advance(61);
        return null;
      }, 30_000, 'a player withdrawn for timeouts');
      const pairings = await service.parts.tournamentStore.pairings(id);
      const records = await Promise.all(pairings.filter((p) => p.endedAt).map(async (p) => (await service.http.get(`/v1/games/${p.gameId}/record`).expect(200)).body));
      const timedOut = records.filter((r) => r.result.end === 'timedOut' && r.players[r.result.timedOut].playerId === withdrawn.playerId);
      expect(timedOut).toHaveLength(2);
      // Not paired again: a tick past the next deadline pairs nobody.
      const after = pairings.length;
      clock.advance(61);
      await director.tick();
      expect((await service.parts.tournamentStore.pairings(id)).length).toBe(after);
    } finally {
      director.start(TICK_MS);
    }
  }, 60_000);
});
