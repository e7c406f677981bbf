// Joins and withdrawals on a tournament's stream, also before the start: `join` with the
// entrant's public name, bot flag and rating (nothing else), and how many entered; `withdraw`;
// nothing for a join that changes nothing. Like the standings, those before the newest table are
// left out of a replay (the table holds every entrant).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/service.ts';
import { openSse } from '../support/sse.ts';
import { account, tomorrow } from '../support/tournaments.ts';

let service: TestService;

beforeAll(async () => {
  service = await startTestService();
  await service.parts.director.stop();
});
afterAll(() => service?.close());

it('tells each join and withdrawal of an upcoming tournament at once, public data only', async () => {
  const owner = await account(service.http, 'Owner');
  const anna = await account(service.http, 'Anna');
  const bot = await account(service.http, 'Robo', true);
  const id: string = (await service.http.post('/v1/tournaments').set(owner.auth).send(tomorrow()).expect(201)).body.id;
  const stream = await openSse(`${service.url}/v1/tournaments/${id}/stream`);
  try {
    const data = () => stream.messages.filter((m) => m.id).map((m) => ({ id: Number(m.id), event: m.event, data: JSON.parse(m.data ?? '') }));
    await service.http.post(`/v1/tournaments/${id}/join`).set(anna.auth).expect(200);
    await stream.until((m) => m.some((x) => x.id === '1'));
    // Joining twice changes nothing, and tells nothing.
    await service.http.post(`/v1/tournaments/${id}/join`).set(anna.auth).expect(200);
    await service.http.post(`/v1/tournaments/${id}/join`).set(bot.auth).expect(200);
    await service.http.post(`/v1/tournaments/${id}/withdraw`).set(anna.auth).expect(204);
    await service.http.post(`/v1/tournaments/${id}/join`).set(anna.auth).expect(200);
    await stream.until((m) => m.some((x) => x.id === '4'));
    // The names the service shows (an account's is its username until it names itself).
    const read = (await service.http.get(`/v1/tournaments/${id}`).expect(200)).body;
    const named = new Map<string, string>(read.standings.map((s: { playerId: string; name: string }) => [s.playerId, s.name]));
    const annaName = named.get(anna.playerId);
    const botName = named.get(bot.playerId);
    expect(annaName).toMatch(/^anna/);
    expect(data()).toEqual([
      { id: 1, event: 'join', data: { type: 'join', entrant: { playerId: anna.playerId, name: annaName, bot: false, rating: null }, players: 1 } },
      { id: 2, event: 'join', data: { type: 'join', entrant: { playerId: bot.playerId, name: botName, bot: true, rating: null }, players: 2 } },
      { id: 3, event: 'withdraw', data: { type: 'withdraw', playerId: anna.playerId } },
      { id: 4, event: 'join', data: { type: 'join', entrant: { playerId: anna.playerId, name: annaName, bot: false, rating: null }, players: 2 } },
    ]);
    // The read agrees.
    expect(read.players).toBe(2);
    expect(read.standings.map((s: { playerId: string; withdrawn: boolean }) => [s.playerId, s.withdrawn]).sort()).toEqual([[anna.playerId, false], [bot.playerId, false]].sort());
  } finally {
    await stream.close();
  }
});

it('leaves the entries before the newest standings out of a replay; keeps those after it', async () => {
  const owner = await account(service.http, 'Owner');
  const people = await Promise.all(['Anna', 'Bert', 'Cleo'].map((n) => account(service.http, n)));
  const id: string = (await service.http.post('/v1/tournaments').set(owner.auth).send(tomorrow()).expect(201)).body.id;
  for (const p of people.slice(0, 2)) await service.http.post(`/v1/tournaments/${id}/join`).set(p.auth).expect(200);
  // A table (as a director writes one) at seq 3, then another entry.
  const standings = people.slice(0, 2).map((p, i) => ({ rank: 1, playerId: p.playerId, name: p.name, bot: false, score: 0, games: 0, tiebreaks: { buchholz: 0, sonnebornBerger: 0 }, withdrawn: i > 1 }));
  await service.database.query(`insert into tournament_events (tournament_id, seq, type, payload) values ($1, 3, 'standings', $2::jsonb)`, [id, JSON.stringify({ type: 'standings', standings })]);
  await service.database.query('update tournaments set version = 3 where id = $1', [id]);
  await service.http.post(`/v1/tournaments/${id}/join`).set(people[2].auth).expect(200);
  const stream = await openSse(`${service.url}/v1/tournaments/${id}/stream`);
  try {
    await stream.until((m) => m.some((x) => x.id === '4'));
    expect(stream.messages.filter((m) => m.id).map((m) => [Number(m.id), m.event])).toEqual([
      [3, 'standings'],
      [4, 'join'],
    ]);
  } finally {
    await stream.close();
  }
});
