// A tournament's stream over a long log (written straight into the database, see
// test/support/big-tournament.ts): a late joiner gets one standings table, not the history of
// them; a resumed reader the events after its id, less the tables a later one stands for; a
// replay is at most REPLAY_BYTES (the newest), after the newest table if the cut passed it; and
// the events leave in pages of at most PAGE_BYTES (or one event), each written only once the
// page before it has drained, so a reader that stops reading holds one page in the process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cancellation } from '../../src/platform/cancellation.ts';
import { pump } from '../../src/platform/http/sse.ts';
import { PAGE_BYTES, REPLAY_BYTES } from '../../src/tournaments/feed.ts';
import { seedFinishedSwiss, type SeedOptions } from '../support/big-tournament.ts';
import { startTestService, type TestService } from '../support/service.ts';
import { openSse, type SseMessage } from '../support/sse.ts';
import { account, tomorrow } from '../support/tournaments.ts';

let service: TestService;

beforeAll(async () => {
  service = await startTestService();
  // Nobody drives these events: a director would pair a running one's next round.
  await service.parts.director.stop();
});
afterAll(() => service?.close());

/** An upcoming Swiss event made through the API (its options valid), then its log written. */
async function seeded(options: Omit<SeedOptions, 'tournamentId'>) {
  const owner = await account(service.http, 'Owner');
  const id: string = (await service.http.post('/v1/tournaments').set(owner.auth).send(tomorrow({ rounds: options.rounds, maxPlayers: 1000 })).expect(201)).body.id;
  return { id, ...(await seedFinishedSwiss(service.database, { ...options, tournamentId: id })) };
}

/** The stream's messages until the one with id `last`, then closed (a finished event's stream ends by itself: then at its end). */
async function replay(id: string, last: number, headers: Record<string, string> = {}, query = ''): Promise<SseMessage[]> {
  const stream = await openSse(`${service.url}/v1/tournaments/${id}/stream${query}`, headers);
  try {
    await stream.until((m) => m.some((x) => Number(x.id) === last || x.event === 'tournamentEnd'));
    if (stream.messages.some((x) => x.event === 'tournamentEnd')) await stream.until(() => false);
    return stream.messages.filter((m) => m.id);
  } finally {
    await stream.close();
  }
}

const ids = (messages: readonly SseMessage[]) => messages.map((m) => Number(m.id));
const dataBytes = (messages: readonly SseMessage[]) => messages.reduce((n, m) => n + Buffer.byteLength(m.data ?? ''), 0);

describe('a running event: 40 players, in round 3 of 3, three standings events a round', () => {
  // Seqs: round 1 is 1 roundStart, 2 pairing, 3–5 standings, 6 roundEnd; round 2 7–12; round 3
  // 13 roundStart, 14 pairing, 15 standings (the newest table).
  let id: string;
  let events: Awaited<ReturnType<typeof seeded>>['events'];
  beforeAll(async () => {
    ({ id, events } = await seeded({ players: 40, rounds: 3, standingsPerRound: 3, upTo: 15 }));
  });

  it('sends a late joiner every event but the standings the newest table stands for: one table', async () => {
    const got = await replay(id, 15);
    expect(ids(got)).toEqual([1, 2, 6, 7, 8, 12, 13, 14, 15]);
    const tables = got.filter((m) => m.event === 'standings');
    expect(tables).toHaveLength(1);
    expect(JSON.parse(tables[0].data ?? '')).toEqual(events[14].payload);
    // Each event as stored (jsonb keeps its own order of keys), in JSON.stringify's text: no spaces.
    for (const m of got) {
      expect(JSON.parse(m.data ?? '')).toEqual(events[Number(m.id) - 1].payload);
      expect(m.data).toBe(JSON.stringify(JSON.parse(m.data ?? '')));
    }
  });

  it('resumes after Last-Event-ID (or ?after=) with the events after it, less the superseded tables', async () => {
    expect(ids(await replay(id, 15, { 'Last-Event-ID': '8' }))).toEqual([12, 13, 14, 15]);
    expect(ids(await replay(id, 15, {}, '?after=9'))).toEqual([12, 13, 14, 15]);
    expect(ids(await replay(id, 15, { 'Last-Event-ID': '14' }))).toEqual([15]);
  });
});

describe('a finished event whose log is longer than a replay: 400 players, 15 rounds', () => {
  // Its pairing events alone (200 pairings each) are more than REPLAY_BYTES.
  let id: string;
  let events: Awaited<ReturnType<typeof seeded>>['events'];
  beforeAll(async () => {
    ({ id, events } = await seeded({ players: 400, rounds: 15, standingsPerRound: 1 }));
  });

  it('replays the newest REPLAY_BYTES of it, ending with tournamentEnd, the rest left out', async () => {
    const last = events.length;
    const got = await replay(id, last);
    expect(dataBytes(got)).toBeLessThanOrEqual(REPLAY_BYTES);
    expect(got.at(-1)?.event).toBe('tournamentEnd');
    expect(got.filter((m) => m.event === 'standings')).toEqual([]);
    // The newest of what is kept, with nothing left out between them.
    const kept = events.filter((e) => e.type !== 'standings').map((e) => e.seq);
    const first = Number(got[0].id);
    expect(first).toBeGreaterThan(2);
    expect(ids(got)).toEqual(kept.filter((seq) => seq >= first));
    // Counted as stored (the database's JSON text, a little longer): one more event would not have fitted.
    const stored = new Map(
      (await service.database.query<{ seq: number; bytes: number }>('select seq, octet_length(payload::text) as bytes from tournament_events where tournament_id = $1', [id])).map((r) => [
        Number(r.seq),
        Number(r.bytes),
      ]),
    );
    const storedBytes = (seqs: number[]) => seqs.reduce((n, seq) => n + (stored.get(seq) ?? 0), 0);
    expect(storedBytes(ids(got))).toBeLessThanOrEqual(REPLAY_BYTES);
    expect(storedBytes([...ids(got), kept[kept.indexOf(first) - 1]])).toBeGreaterThan(REPLAY_BYTES);
  });

  it('writes a page at a time, the next only once the socket has drained the one before', async () => {
    const feed = await service.deps.tournaments.feed(id, 0);
    const writes: string[] = [];
    let drain: (() => void) | null = null;
    const write = (text: string | Uint8Array) => {
      // A write while the one before is undrained would queue in the process.
      if (drain) throw new Error('a write before the drain');
      writes.push(Buffer.from(text).toString());
      return new Promise<void>((resolve) => {
        drain = () => ((drain = null), resolve());
      });
    };
    const loop = pump(feed, 60_000, new Cancellation(), { streamOpened: () => () => {} }, write);
    let ended = false;
    void loop.then(
      () => (ended = true),
      () => (ended = true),
    );
    // The socket drains when the test says so, once the stream has written (and waits).
    while (!ended) {
      await expect.poll(() => drain !== null || ended, { timeout: 10_000 }).toBe(true);
      (drain as (() => void) | null)?.();
    }
    await loop;
    const messages = writes.map((w) => [...w.matchAll(/^data: (.*)$/gm)].map((m) => m[1]));
    expect(writes.length).toBeGreaterThan(2);
    // Each page at most PAGE_BYTES of JSON, or a single event.
    for (const page of messages) expect(page.length === 1 || page.reduce((n, d) => n + Buffer.byteLength(d), 0) <= PAGE_BYTES, `${page.length} events`).toBe(true);
    expect(writes.at(-1)).toContain('event: tournamentEnd');
  });
});

describe('the newest table before the cut', () => {
  it('comes first when the events after it are more than a replay holds', async () => {
    const owner = await account(service.http, 'Owner');
    const id: string = (await service.http.post('/v1/tournaments').set(owner.auth).send(tomorrow()).expect(201)).body.id;
    // seq 1 a table, then 11 pairing events of some 60 KB each (an arena's waves, say).
    const table = { type: 'standings', standings: [{ rank: 1, playerId: owner.playerId, name: 'Owner', bot: false, score: 0, games: 0, tiebreaks: { sheetPoints: 0 }, withdrawn: false }] };
    const wave = (round: number) => ({
      type: 'pairing',
      round,
      pairings: Array.from({ length: 250 }, () => ({ round, first: owner.playerId, second: null, gameId: crypto.randomUUID(), matchId: null, finished: false, firstPoints: null, secondPoints: null, winner: null })),
    });
    const log = [table, ...Array.from({ length: 11 }, (_, i) => wave(i + 1))];
    for (const [i, payload] of log.entries())
      await service.database.query('insert into tournament_events (tournament_id, seq, type, payload) values ($1, $2, $3, $4::jsonb)', [id, i + 1, payload.type, JSON.stringify(payload)]);
    await service.database.query('update tournaments set version = $2 where id = $1', [id, log.length]);
    const got = await replay(id, log.length);
    expect(got[0]).toMatchObject({ id: '1', event: 'standings' });
    const rest = got.slice(1);
    expect(dataBytes(rest)).toBeLessThanOrEqual(REPLAY_BYTES);
    expect(ids(rest)).toEqual(Array.from({ length: rest.length }, (_, i) => log.length - rest.length + 1 + i));
    expect(rest.length).toBeLessThan(11);
  });
});
