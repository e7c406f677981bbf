// The directors' due queue: a tick looks at the tournaments due by now, soonest first, and at no
// other. With 1,000 arenas running (720 minutes, entrants none of whom is connected: idle), a
// tournament whose start comes is started by the next tick, and a tick with nothing due looks at
// no tournament at all. The director is stepped by hand and the service's clock moved by the test.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testClock } from '../support/matches.ts';
import { testConfig, startTestService, type TestService } from '../support/service.ts';
import { account, startingNow } from '../support/tournaments.ts';

const RUNNING = 1000;
let service: TestService;
const clock = testClock();

beforeAll(async () => {
  service = await startTestService({ now: clock.now, config: { tournaments: { ...testConfig().tournaments, tickMs: 1000, minuteMs: 60_000 } } });
  await service.parts.director.stop();
  // One arena started by the director with five entrants, then copied in SQL (every column, as
  // the director left it) until RUNNING run.
  const anna = await account(service.http, 'Anna');
  const template = (await service.http.post('/v1/tournaments').set(anna.auth).send(startingNow({ system: 'arena', minutes: 720, maxPlayers: 1000, startsAt: clock.now().toISOString() })).expect(201)).body.id;
  for (let i = 0; i < 5; i++) {
    const player = await account(service.http, `Spieler${i}`);
    await service.http.post(`/v1/tournaments/${template}/join`).set(player.auth).expect(200);
  }
  await service.parts.director.tick();
  expect((await service.http.get(`/v1/tournaments/${template}`).expect(200)).body.status).toBe('running');
  await service.database.query(
    `insert into tournaments select (jsonb_populate_record(null::tournaments, to_jsonb(t) || jsonb_build_object('id', t.id || '-' || i))).*
     from tournaments t, generate_series(1, $2::int) i where t.id = $1`,
    [template, RUNNING - 1],
  );
  await service.database.query(
    `insert into tournament_players (tournament_id, player_id, withdrawn, timeouts, joined_at)
     select t.id, e.player_id, e.withdrawn, e.timeouts, e.joined_at from tournaments t join tournament_players e on e.tournament_id = $1 where t.id like $1 || '-%'`,
    [template],
  );
}, 120_000);
afterAll(() => service?.close());

/** The tournaments a tick looks at (each look is a step of the store's, under the tournament's lock). */
async function tickLooking(): Promise<number> {
  const step = vi.spyOn(service.parts.tournamentStore, 'step');
  try {
    await service.parts.director.tick();
    return step.mock.calls.length;
  } finally {
    step.mockRestore();
  }
}

describe(`with ${RUNNING} arenas running`, () => {
  it('a tournament whose start comes is started by the next tick, which looks at it alone', async () => {
    const [{ n }] = await service.database.query<{ n: number }>(`select count(*)::int as n from tournaments where status = 'running'`);
    expect(n).toBe(RUNNING);
    const bert = await account(service.http, 'Bert');
    const id = (await service.http.post('/v1/tournaments').set(bert.auth).send(startingNow({ system: 'arena', minutes: 60, startsAt: new Date(clock.now().getTime() + 5000).toISOString() })).expect(201)).body.id;
    clock.advance(5);
    expect(await tickLooking()).toBe(1);
    expect((await service.http.get(`/v1/tournaments/${id}`).expect(200)).body.status).toBe('running');
  });

  it('a tick with nothing due looks at no tournament, now or minutes later', async () => {
    expect(await tickLooking()).toBe(0);
    clock.advance(300);
    expect(await tickLooking()).toBe(0);
  });
});
