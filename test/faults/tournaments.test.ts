// Every process killed (SIGKILL) while a Swiss event plays a round (its matches between games) and
// an arena runs, then started again: the tournaments go on by the clock where they were. Afterwards
// no game was lost (every pairing ended and counted, every Swiss match played its two games), none
// was paired twice (no pair twice in the Swiss event, each round pairs each player once, nobody in
// two games at once), and each tournament's log has every seq once.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProcesses, type RunningProcess } from '../support/processes.ts';
import { startOwnPostgres, type OwnPostgres } from '../support/own-postgres.ts';

const ENV = { TOURNAMENT_TICK_MS: '100', TOURNAMENT_MINUTE_MS: '2000' };
let pg: OwnPostgres;
let sql: ReturnType<typeof postgres>;
let processes: RunningProcess[] = [];
const scratch = () => ({ url: pg.url, options: {}, env: { DATABASE_URL: pg.url }, drop: async () => {} });

beforeAll(async () => {
  pg = await startOwnPostgres();
  processes = await startProcesses(scratch(), 2, ENV);
  sql = postgres(pg.url, { max: 1, prepare: false, onnotice: () => {} });
});
afterAll(async () => {
  await sql?.end();
  for (const p of processes) await p.stop();
  pg?.destroy();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function call(url: string, init: RequestInit & { token?: string } = {}): Promise<{ status: number; body: Record<string, any> }> {
  const { token, ...rest } = init;
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(url, { ...rest, headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
    const body = (await res.json().catch(() => null)) as Record<string, any>;
    // A 503 (no connection in time on a loaded machine) comes with Retry-After: go again, as a client does.
    if (res.status !== 503 || attempt >= 10) return { status: res.status, body };
    await sleep(500);
  }
}

describe('tournaments across a kill of every process', () => {
  it('go on after the restart: nothing lost, nothing paired twice', async () => {
    const base = () => processes[0].url;
    const creator = (await call(`${base()}/v1/accounts`, { method: 'POST', body: JSON.stringify({ username: 'director', password: 'correct horse battery staple' }) })).body;
    const guests = async (n: number, name: string) =>
      Promise.all(Array.from({ length: n }, async (_, i) => (await call(`${base()}/v1/players`, { method: 'POST', body: JSON.stringify({ name: `${name} ${i}` }) })).body as { playerId: string; token: string }));
    const swissPlayers = await guests(5, 'Schweizer');
    const arenaPlayers = await guests(4, 'Arena');
    const tokenOf = new Map([...swissPlayers, ...arenaPlayers].map((p) => [p.playerId, p.token]));
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const make = async (body: Record<string, unknown>) =>
      (await call(`${base()}/v1/tournaments`, { method: 'POST', token: creator.token, body: JSON.stringify({ name: 'Neustart', variant: 'classic', turnSeconds: 60, startsAt: later, ...body }) })).body.id as string;
    const swiss = await make({ system: 'swiss', rounds: 3, gamesPerRound: 2 });
    const arena = await make({ system: 'arena', minutes: 20 }); // 20 "minutes" of 2 s
    for (const p of swissPlayers) expect((await call(`${base()}/v1/tournaments/${swiss}/join`, { method: 'POST', token: p.token })).status).toBe(200);
    for (const p of arenaPlayers) expect((await call(`${base()}/v1/tournaments/${arena}/join`, { method: 'POST', token: p.token })).status).toBe(200);
    // The arena's players connected (the presence rows their streams keep; they outlive the kill, as a lease does), and both start now.
    await sql`insert into bot_presence (id, player_id, lease_until) select gen_random_uuid()::text, player_id, now() + interval '10 minutes' from tournament_players where tournament_id = ${arena}`;
    await sql`update tournaments set starts_at = now(), next_at = now(), ends_at = case when system = 'arena' then now() + interval '40 seconds' end where id in (${arena}, ${swiss})`;

    /** One pass: the first player of every running pairing resigns the game it is at. */
    const resignAll = async () => {
      for (const id of [swiss, arena]) {
        const t = (await call(`${base()}/v1/tournaments/${id}`)).body;
        for (const p of t.pairings ?? []) {
          if (p.finished || !p.second) continue;
          const gameId = p.matchId ? (await call(`${base()}/v1/matches/${p.matchId}`)).body.currentGameId : p.gameId;
          if (gameId) await call(`${base()}/v1/games/${gameId}/moves`, { method: 'POST', token: tokenOf.get(p.first), body: JSON.stringify({ move: { type: 'resign' } }) });
        }
      }
    };
    const until = async (what: string, look: () => Promise<boolean>, ms: number) => {
      const end = Date.now() + ms;
      while (!(await look())) {
        if (Date.now() > end) throw new Error(`timed out: ${what}`);
        await sleep(200);
      }
    };
    // Round 1 paired, and its matches into their second game; the arena's first wave played, its second running.
    await until('round 1 and an arena wave', async () => (await call(`${base()}/v1/tournaments/${swiss}`)).body.round === 1 && ((await call(`${base()}/v1/tournaments/${arena}`)).body.pairings ?? []).length > 0, 30_000);
    await resignAll();
    await until('the second games of round 1', async () => (await sql`select count(*)::int as n from games g join tournament_pairings p on p.match_id = g.match_id where p.tournament_id = ${swiss} and g.number = 2`)[0].n === 2, 30_000);
    await until('a second arena wave', async () => (await sql`select count(*)::int as n from tournament_pairings where tournament_id = ${arena}`)[0].n >= 4, 30_000);

    // Every process killed, mid-round and mid-arena.
    for (const p of processes) p.child.kill('SIGKILL');
    await Promise.all(processes.map((p) => new Promise((resolve) => (p.child.exitCode !== null || p.child.signalCode !== null ? resolve(null) : p.child.once('exit', resolve)))));
    const killedAt = new Date();
    await sleep(1000);
    processes = await startProcesses(scratch(), 2, ENV);

    await until(
      'both tournaments finished after the restart',
      async () => {
        const [s, a] = await Promise.all([swiss, arena].map(async (id) => (await call(`${base()}/v1/tournaments/${id}`)).body));
        if (s.status === 'finished' && a.status === 'finished') return true;
        await resignAll();
        return false;
      },
      120_000,
    );

    // Swiss: 3 rounds of 2 matches and a bye, every pairing ended, no pair twice, each player once a round, each match 2 games.
    const rounds = await sql`select round, count(*)::int as n, count(second_player_id)::int as games from tournament_pairings where tournament_id = ${swiss} and ended_at is not null group by round order by round`;
    expect(rounds.map((r) => [r.round, r.n, r.games])).toEqual([
      [1, 3, 2],
      [2, 3, 2],
      [3, 3, 2],
    ]);
    const [twice] = await sql`select count(*)::int as n from (select least(first_player_id, second_player_id), greatest(first_player_id, second_player_id) from tournament_pairings where tournament_id = ${swiss} and second_player_id is not null group by 1, 2 having count(*) > 1) x`;
    expect(twice.n).toBe(0);
    const [byes] = await sql`select count(distinct first_player_id)::int as n from tournament_pairings where tournament_id = ${swiss} and second_player_id is null`;
    expect(byes.n).toBe(3);
    const matchGames = await sql`select m.status, count(g.id)::int as games from tournament_pairings p join matches m on m.id = p.match_id join games g on g.match_id = m.id where p.tournament_id = ${swiss} group by m.id, m.status`;
    expect(matchGames).toHaveLength(6);
    for (const m of matchGames) expect([m.status, m.games]).toEqual(['finished', 2]);
    // Arena: every pairing ended, its game finished; the games running at the kill were recorded
    // by the restarted processes (and, while its window was still open, new ones paired: how many
    // depends on how long the restart took).
    const arenaPairings = await sql`select p.created_at, p.ended_at, g.status from tournament_pairings p join games g on g.id = p.game_id where p.tournament_id = ${arena}`;
    expect(arenaPairings.every((p) => p.ended_at !== null && p.status === 'finished')).toBe(true);
    expect(arenaPairings.some((p) => new Date(p.ended_at) > killedAt)).toBe(true);
    // Nobody in two games at once.
    const [overlap] = await sql`
with seats as (
  select id, first_player_id as player, created_at, ended_at from tournament_pairings where second_player_id is not null
  union all select id, second_player_id, created_at, ended_at from tournament_pairings where second_player_id is not null)
select count(*)::int as n from seats a join seats b on a.player = b.player and a.id < b.id where a.created_at < b.ended_at and b.created_at < a.ended_at`;
    expect(overlap.n).toBe(0);
    // Each log whole: seq 1..version, once each, ending with tournamentEnd.
    for (const id of [swiss, arena]) {
      const [t] = await sql`select version, status, standings from tournaments where id = ${id}`;
      const events = await sql`select seq, type from tournament_events where tournament_id = ${id} order by seq`;
      expect(events.map((e) => e.seq)).toEqual(Array.from({ length: t.version }, (_, i) => i + 1));
      expect(events.at(-1)?.type).toBe('tournamentEnd');
      expect(t.status).toBe('finished');
    }
    // The final standings count every game: the Swiss scores add up to a point per pairing and bye.
    const final = (await call(`${base()}/v1/tournaments/${swiss}`)).body;
    expect(final.standings.reduce((n: number, s: { score: number }) => n + s.score, 0)).toBe(9);
  });
});
