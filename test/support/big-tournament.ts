// A large finished Swiss event written straight into the database, for the stream and read suites
// and bench/tournament-streams.ts: 1,000 players through 10 rounds over HTTP would take minutes.
// The log has the shape a director writes (step.ts): each round `roundStart`, `pairing`, a
// `standings` event after each batch of results, `roundEnd`; then `tournamentEnd` with the final
// standings, also kept on the row. Scores and tiebreaks are made up (seeded), not computed: what
// the suites and the benchmark need is the log's shape and size.
import type { Database } from '../../src/platform/db/client.ts';

export interface SeedOptions {
  /** The tournament to fill: an upcoming Swiss event made through the API (its options are valid). */
  tournamentId: string;
  players: number;
  rounds: number;
  /** The `standings` events of each round (the results recorded in that many director steps). */
  standingsPerRound: number;
  /** The entrants' names start with this. */
  namePrefix?: string;
  /** Only the first this many events: the event is still running (its director must not run). */
  upTo?: number;
}

export interface SeededSwiss {
  playerIds: string[];
  /** The pairings of the rounds begun, as written: round, players, points, winner (null: drawn). */
  pairings: Array<{ id: string; round: number; first: string; second: string; firstPoints: number; secondPoints: number; winner: string | null }>;
  /** The final standings, as the row and `tournamentEnd` hold them (ranked). */
  standings: Standing[];
  /** The log's events in order, seq 1.. (the first `upTo` of them). */
  events: Array<{ seq: number; type: string; payload: Record<string, unknown> }>;
  /** The log's size: the events' JSON text. */
  logBytes: number;
}

interface Standing {
  rank: number;
  playerId: string;
  name: string;
  bot: boolean;
  score: number;
  games: number;
  tiebreaks: { buchholz: number; sonnebornBerger: number };
  withdrawn: boolean;
}

// mulberry32: the same event every run.
function generator(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function seedFinishedSwiss(database: Database, o: SeedOptions): Promise<SeededSwiss> {
  const random = generator(0x5eed);
  const prefix = o.namePrefix ?? 'Spieler';
  const playerIds: string[] = Array.from({ length: o.players }, () => crypto.randomUUID());
  const names = new Map(playerIds.map((id, i) => [id, `${prefix} ${String(i + 1).padStart(4, '0')}`]));
  const score = new Map(playerIds.map((id) => [id, 0]));
  const games = new Map(playerIds.map((id) => [id, 0]));
  const table = (): Standing[] => {
    const rows = playerIds.map((playerId) => {
      const s = score.get(playerId) ?? 0;
      return {
        playerId,
        score: s,
        buchholz: Math.round((s * 4 + random() * 8) * 2) / 2,
        sonnebornBerger: Math.round(s * random() * 12 * 4) / 4,
      };
    });
    rows.sort((a, b) => b.score - a.score || b.buchholz - a.buchholz || b.sonnebornBerger - a.sonnebornBerger || (a.playerId < b.playerId ? -1 : 1));
    let rank = 0;
    return rows.map((r, i) => {
      const prev = rows[i - 1];
      if (!prev || prev.score !== r.score || prev.buchholz !== r.buchholz || prev.sonnebornBerger !== r.sonnebornBerger) rank = i + 1;
      return {
        rank,
        playerId: r.playerId,
        name: names.get(r.playerId) ?? '?',
        bot: false,
        score: r.score,
        games: games.get(r.playerId) ?? 0,
        tiebreaks: { buchholz: r.buchholz, sonnebornBerger: r.sonnebornBerger },
        withdrawn: false,
      };
    });
  };
  const events: Array<Record<string, unknown>> = [];
  const roundPairings: Array<Array<{ round: number; first: string; second: string }>> = [];
  /** Each pairing's winner (null: drawn), by round and first player. */
  const results = new Map<string, string | null>();
  for (let round = 1; round <= o.rounds; round++) {
    const order = [...playerIds].sort(() => random() - 0.5);
    const pairs: Array<[string, string]> = [];
    for (let i = 0; i + 1 < order.length; i += 2) pairs.push([order[i], order[i + 1]]);
    const pairings = pairs.map(([first, second]) => ({
      round,
      first,
      second,
      gameId: crypto.randomUUID(),
      matchId: crypto.randomUUID(),
      finished: false,
      firstPoints: null,
      secondPoints: null,
      winner: null,
    }));
    roundPairings.push(pairings);
    events.push({ type: 'roundStart', round }, { type: 'pairing', round, pairings });
    // The results arrive in batches; each batch is a standings event.
    const batch = Math.ceil(pairs.length / o.standingsPerRound);
    for (let from = 0; from < pairs.length; from += batch) {
      for (const [first, second] of pairs.slice(from, from + batch)) {
        const r = random();
        const won = r < 0.45 ? first : r < 0.9 ? second : null;
        results.set(`${round} ${first}`, won);
        for (const p of [first, second]) {
          games.set(p, (games.get(p) ?? 0) + 1);
          score.set(p, (score.get(p) ?? 0) + (won === null ? 0.5 : won === p ? 1 : 0));
        }
      }
      events.push({ type: 'standings', standings: table() });
    }
    events.push({ type: 'roundEnd', round });
  }
  const standings = table();
  events.push({ type: 'tournamentEnd', standings, endedEarly: null });
  const log = events.slice(0, o.upTo ?? events.length).map((payload, i) => ({ seq: i + 1, type: payload.type as string, payload }));
  const finished = log.length === events.length;
  const round = log.filter((e) => e.type === 'roundStart').length;

  const at = Date.parse('2026-11-01T18:00:00Z');
  await database.query(`insert into players (id, name) select x->>'id', x->>'name' from jsonb_array_elements($1::jsonb) x`, [
    JSON.stringify(playerIds.map((id) => ({ id, name: names.get(id) }))),
  ]);
  await database.query(
    `insert into tournament_players (tournament_id, player_id, joined_at)
     select $1, x->>'id', $3::timestamptz + make_interval(secs => (x->>'i')::int) from jsonb_array_elements($2::jsonb) x`,
    [o.tournamentId, JSON.stringify(playerIds.map((id, i) => ({ id, i }))), new Date(at - 3_600_000).toISOString()],
  );
  // The pairings of the rounds begun, ended with the results the log tells (the reads show them);
  // no games behind them. A round's pairings were made at once.
  const rows = roundPairings.slice(0, round).flatMap((pairings) =>
    pairings.map((p) => {
      const winner = results.get(`${p.round} ${p.first}`) ?? null;
      const points = (player: unknown) => (winner === null ? 60 : winner === player ? 61 : 59);
      return { id: crypto.randomUUID(), round: p.round, first: p.first, second: p.second, firstPoints: points(p.first), secondPoints: points(p.second), winner };
    }),
  );
  await database.query(
    `insert into tournament_pairings (id, tournament_id, round, first_player_id, second_player_id, first_points, second_points, winner, created_at, ended_at)
     select x->>'id', $1, (x->>'round')::int, x->>'first', x->>'second', (x->>'firstPoints')::int, (x->>'secondPoints')::int, x->>'winner',
       $3::timestamptz + make_interval(mins => (x->>'round')::int), $3::timestamptz + make_interval(mins => (x->>'round')::int) from jsonb_array_elements($2::jsonb) x`,
    [o.tournamentId, JSON.stringify(rows), new Date(at).toISOString()],
  );
  // One statement per event: a 1,000-player log is some 19 MB of JSON.
  for (const e of log)
    await database.query(`insert into tournament_events (tournament_id, seq, type, payload, created_at) values ($1, $2, $3, $4::jsonb, $5::timestamptz)`, [
      o.tournamentId,
      e.seq,
      e.type,
      JSON.stringify(e.payload),
      new Date(at + e.seq * 1000).toISOString(),
    ]);
  const end = finished ? new Date(at + log.length * 1000).toISOString() : null;
  await database.query(
    `update tournaments set status = $2, round = $3, version = $4, standings = $5::jsonb, starts_at = $6::timestamptz, ends_at = $7::timestamptz, finished_at = $7::timestamptz where id = $1`,
    [o.tournamentId, finished ? 'finished' : 'running', round, log.length, finished ? JSON.stringify(standings) : null, new Date(at - 60_000).toISOString(), end],
  );
  return { playerIds, pairings: rows, standings, events: log, logBytes: log.reduce((n, e) => n + Buffer.byteLength(JSON.stringify(e.payload)), 0) };
}
