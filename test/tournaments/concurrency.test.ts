// Exactly once with several processes: 200 players in an arena and a Swiss event at the same
// time, on two processes of the service whose directors both tick every 50 ms. The players'
// streams are stood in for by their presence rows (what an open player stream writes). Every
// running game is resigned as soon as it is seen, until both tournaments are over (the arena's
// window is closed once the Swiss event has paired its second round). Then, from the
// database: no player was ever in two tournament games at once (across both events), every game
// and match belongs to one pairing with exactly its two players, a Swiss round pairs each player
// at most once, and every pairing ended.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, testDriver, type ScratchDatabase } from '../support/db.ts';
import { startProcesses, type RunningProcess } from '../support/processes.ts';

const PLAYERS = 200;

async function call(url: string, init: RequestInit & { token?: string } = {}): Promise<{ status: number; body: Record<string, any> }> {
  const { token, ...rest } = init;
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(url, { ...rest, headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
      const body = (await res.json().catch(() => null)) as Record<string, any>;
      // A 503 of the loaded machine (no connection in time) comes with Retry-After: go again, as a client does.
      if (res.status === 503 && attempt < 10) {
        await new Promise((r) => setTimeout(r, 500));
        continue;
      }
      return { status: res.status, body };
    } catch (e) {
      // A connection reset of the loaded machine: a read, a join (twice changes nothing) or a resign (refused the second time) may go again.
      if (attempt >= 10) throw e;
    }
  }
}

/** `f` over `items`, `n` at a time. */
async function inBatches<T>(items: readonly T[], n: number, f: (item: T, i: number) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += n) await Promise.all(items.slice(i, i + n).map((item, j) => f(item, i + j)));
}

describe.runIf(testDriver === 'postgres')('tournaments on two processes', () => {
  let scratch: ScratchDatabase | undefined;
  let processes: RunningProcess[] = [];
  let sql: ReturnType<typeof postgres>;
  beforeAll(async () => {
    scratch = await createScratchDatabase();
    processes = await startProcesses(scratch, 2, { DATABASE_POOL_SIZE: '8', TOURNAMENT_TICK_MS: '50', TOURNAMENT_MINUTE_MS: '1000' });
    sql = postgres(scratch.url, { max: 1, prepare: false, onnotice: () => {} });
  }, 120_000);
  afterAll(async () => {
    await sql?.end();
    for (const p of processes) await p.stop();
    await scratch?.drop();
  });

  it('pairs 200 players in an arena and a Swiss event at once: every pairing once, nobody in two games', async () => {
    const bases = processes.map((p) => p.url);
    const creator = (await call(`${bases[0]}/v1/accounts`, { method: 'POST', body: JSON.stringify({ username: 'director', password: 'correct horse battery staple' }) })).body;
    const players: Array<{ playerId: string; token: string }> = [];
    await inBatches(Array.from({ length: PLAYERS }), 40, async (_, i) => players.push((await call(`${bases[i % 2]}/v1/players`, { method: 'POST', body: JSON.stringify({ name: `Spieler ${i}` }) })).body as never));
    const tokenOf = new Map(players.map((p) => [p.playerId, p.token]));
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const make = async (body: Record<string, unknown>) =>
      (await call(`${bases[0]}/v1/tournaments`, { method: 'POST', token: creator.token, body: JSON.stringify({ name: 'Massen', variant: 'classic', turnSeconds: 60, startsAt: later, maxPlayers: 1000, ...body }) })).body.id as string;
    const arena = await make({ system: 'arena', minutes: 10 });
    const swiss = await make({ system: 'swiss', rounds: 3, gamesPerRound: 1 });
    await inBatches(players, 40, async (p, i) => {
      for (const id of [arena, swiss]) expect((await call(`${bases[i % 2]}/v1/tournaments/${id}/join`, { method: 'POST', token: p.token })).status).toBe(200);
    });
    // Every player connected (the presence row an open player stream keeps), and both start now.
    await sql`insert into bot_presence (id, player_id, lease_until) select gen_random_uuid()::text, player_id, now() + interval '10 minutes' from tournament_players where tournament_id = ${arena}`;
    await sql`update tournaments set starts_at = now(), next_at = now(), ends_at = case when system = 'arena' then now() + interval '10 seconds' end where id in (${arena}, ${swiss})`;

    /** Resigns every game being played in the tournament (its first player resigns); answers how many pairings it saw. */
    const resignAll = async (id: string, turn: number) => {
      const t = (await call(`${bases[turn % 2]}/v1/tournaments/${id}`)).body;
      const running = (t.pairings ?? []).filter((p: { finished: boolean; second: string | null }) => !p.finished && p.second);
      await inBatches(running, 25, (p: { gameId: string; first: string }, i) =>
        call(`${bases[i % 2]}/v1/games/${p.gameId}/moves`, { method: 'POST', token: tokenOf.get(p.first), body: JSON.stringify({ move: { type: 'resign' } }) }),
      );
      return t;
    };
    const count = async (id: string, round?: number) =>
      (await sql`select count(*)::int as n from tournament_pairings where tournament_id = ${id} and (${round ?? null}::int is null or round = ${round ?? 0})`)[0].n as number;
    /** The directors' failures, if any (a step refused by the seats' index is one, and is tried again). */
    const failures = () =>
      processes
        .flatMap((p) => p.output().split('\n'))
        .filter((l) => l.includes('tournamentStepFailed') || l.includes('tournamentTickFailed'))
        .slice(-5)
        .join('\n');
    const until = async (what: string, look: () => Promise<boolean>) => {
      const end = Date.now() + 180_000;
      while (!(await look())) {
        expect(Date.now() < end, `${what}: ${failures()}`).toBe(true);
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    // Both directors race for both tournaments: the first to start takes all 200 players (an arena
    // started first: the Swiss event's first round pairs those free as soon as two are, the others
    // absent from it). Every game is resigned as it is seen, until the Swiss event has paired its
    // second round.
    let turn = 0;
    await until('the Swiss event at its second round', async () => {
      turn++;
      await resignAll(arena, turn);
      const s = await resignAll(swiss, turn);
      return s.round >= 2 && (await count(swiss, 2)) > 0;
    });
    // The arena's window closes; every game left is resigned, and both end (the Swiss event after
    // its rounds: its remaining games are resigned too).
    await sql`update tournaments set ends_at = now(), next_at = now() where id = ${arena}`;
    await until('both finished', async () => {
      turn++;
      const [a, s] = [await resignAll(arena, turn), await resignAll(swiss, turn)];
      return a.status === 'finished' && s.status === 'finished';
    });

    // Nobody in two tournament games at once, across both events (a bye is no game).
    const [overlap] = await sql`
with seats as (
  select id, tournament_id, round, first_player_id as player, created_at, ended_at from tournament_pairings where second_player_id is not null
  union all select id, tournament_id, round, second_player_id, created_at, ended_at from tournament_pairings where second_player_id is not null)
select count(*)::int as n, min(concat_ws(' ', a.tournament_id = ${arena}, a.round, a.created_at, a.ended_at, (select count(*) from tournament_seats s where s.pairing_id = a.id),
  '/', b.tournament_id = ${arena}, b.round, b.created_at, b.ended_at, (select count(*) from tournament_seats s where s.pairing_id = b.id))) as example
from seats a join seats b on a.player = b.player and a.id < b.id
where a.created_at < b.ended_at and b.created_at < a.ended_at`;
    expect(overlap.n, overlap.example).toBe(0);
    // Every pairing ended; each game (arena) and match (swiss) belongs to one pairing, with exactly its players.
    const [open] = await sql`select count(*)::int as n from tournament_pairings where ended_at is null`;
    expect(open.n).toBe(0);
    const [wrongGame] = await sql`
select count(*)::int as n from tournament_pairings p join games g on g.id = p.game_id
where p.match_id is null and not (array[g.forehand_player_id, g.dealer_player_id] @> array[p.first_player_id, p.second_player_id])`;
    expect(wrongGame.n).toBe(0);
    const [wrongMatch] = await sql`
select count(*)::int as n from tournament_pairings p join matches m on m.id = p.match_id
where not (array[m.creator_player_id, m.opponent_player_id] @> array[p.first_player_id, p.second_player_id])`;
    expect(wrongMatch.n).toBe(0);
    const [games] = await sql`select count(*)::int as n, count(distinct game_id)::int as distinct from tournament_pairings where game_id is not null`;
    expect(games.n).toBe(games.distinct);
    // A Swiss round pairs each player at most once (a player in an arena game when it is paired
    // is absent from it), no pair twice in the event.
    const rounds = await sql`
select round, count(*)::int as seats, count(distinct player)::int as players from (
  select round, first_player_id as player from tournament_pairings where tournament_id = ${swiss}
  union all select round, second_player_id from tournament_pairings where tournament_id = ${swiss} and second_player_id is not null) x group by round order by round`;
    expect(rounds.map((r) => r.round)).toEqual([1, 2, 3]);
    for (const r of rounds) {
      expect(r.seats, `round ${r.round}`).toBe(r.players);
      expect(r.players, `round ${r.round}`).toBeGreaterThanOrEqual(2);
      expect(r.players, `round ${r.round}`).toBeLessThanOrEqual(PLAYERS);
    }
    const [repeats] = await sql`
select count(*)::int as n from (select least(first_player_id, second_player_id), greatest(first_player_id, second_player_id)
  from tournament_pairings where tournament_id = ${swiss} group by 1, 2 having count(*) > 1) x`;
    expect(repeats.n).toBe(0);
    expect((await count(arena)) + (await count(swiss, 1))).toBeGreaterThanOrEqual(PLAYERS / 2);
  }, 500_000);
});
