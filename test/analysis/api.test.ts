// The analysis over HTTP: a finished game only, one job per game and lens however often it is
// asked for, its progress, the result, the fair use per address, the export that carries it.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestService, type TestService } from '../support/service.ts';
import { playToEnd } from '../support/matches.ts';

let service: TestService;
let client: Client;
beforeAll(async () => {
  service = await startTestService({ config: { analysis: { workers: 1, queueMax: 100, maxPerAddress: 2, leaseMs: 30_000, pollMs: 100, seatSamples: 4 } } });
  client = new Client(service.http);
});
afterAll(() => service?.close());

const post = (gameId: string, lens = 'open') => service.http.post(`/v1/games/${gameId}/analysis?lens=${lens}`);
const get = (gameId: string, lens = 'open') => service.http.get(`/v1/games/${gameId}/analysis?lens=${lens}`);

async function finishedGame(seed: number, body: Record<string, unknown> = {}) {
  const g = await client.startedGame({ variant: 'halfOpen', ...body });
  await playToEnd(client, g.gameId, [g.forehand, g.dealer], seed);
  return g;
}

async function done(gameId: string, lens = 'open') {
  for (;;) {
    const a = (await get(gameId, lens).expect(200)).body;
    if (a.status === 'done' || a.status === 'failed') return a;
    expect(['queued', 'running']).toContain(a.status);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('the analysis of a game', () => {
  it('is refused while the game runs, and unknown before it is asked for', async () => {
    const g = await client.startedGame();
    expect((await post(g.gameId).expect(409)).body.code).toBe('GAME_NOT_FINISHED');
    expect((await post(g.gameId, 'seat').expect(409)).body.code).toBe('GAME_NOT_FINISHED');
    // Reading it says the same (the game is not finished), never "ask for it" that POST then refuses.
    for (const lens of ['open', 'seat']) {
      const refused = (await get(g.gameId, lens).expect(409)).body;
      expect(refused.code).toBe('GAME_NOT_FINISHED');
      expect(refused.detail).toMatch(/not finished/);
      expect(refused.detail).not.toMatch(/POST/);
    }
    const finished = await finishedGame(3);
    const unknown = (await get(finished.gameId).expect(404)).body;
    expect(unknown.code).toBe('ANALYSIS_NOT_FOUND');
    expect(unknown.detail).toMatch(/POST/);
    expect((await get('no-such-game').expect(404)).body.code).toBe('GAME_NOT_FOUND');
    expect((await post('no-such-game').expect(404)).body.code).toBe('GAME_NOT_FOUND');
  });

  it('is one job however often it is asked for, runs off the request path and is kept', async () => {
    const g = await finishedGame(1);
    const first = await post(g.gameId).expect(202);
    expect(first.body).toMatchObject({ gameId: g.gameId, lens: 'open', status: expect.stringMatching(/^(queued|running)$/) });
    const again = await post(g.gameId);
    expect([200, 202]).toContain(again.status);
    const a = await done(g.gameId);
    expect(a.status).toBe('done');
    expect(a.progress).toBe(1);

    // One entry per card played, in the log's order, each loss ≥ 0 and what its values say.
    const log = (await service.http.get(`/v1/games/${g.gameId}/events`).expect(200)).body.events as { seq: number; event: { type: string; card?: string } }[];
    const played = log.filter((e) => e.event.type === 'played');
    expect(a.plies.map((p: { seq: number; card: string }) => [p.seq, p.card])).toEqual(played.map((e) => [e.seq, e.event.card]));
    for (const p of a.plies) {
      expect(p.loss).toBeGreaterThanOrEqual(0);
      expect(p.loss).toBe(Math.abs(p.bestValue - p.value));
      expect(p.best.includes(p.card)).toBe(p.loss === 0);
    }
    const cards = a.players.forehand.cards + a.players.dealer.cards;
    expect(cards).toBe(played.length);
    expect(a.value).toBe(a.plies[0].bestValue);
    expect(a.decisions.some((d: { move: { type: string } }) => d.move.type === 'declare')).toBe(true);

    // Asked again: the same analysis, at once.
    expect((await post(g.gameId).expect(200)).body).toEqual(a);
    // The other lens is a job of its own.
    expect((await get(g.gameId, 'seat').expect(404)).body.code).toBe('ANALYSIS_NOT_FOUND');
    await post(g.gameId, 'seat').expect(202);
    const seat = await done(g.gameId, 'seat');
    expect(seat.status).toBe('done');
    expect(seat.samples).toBe(4);
    expect(seat.plies.map((p: { seq: number }) => p.seq)).toEqual(a.plies.map((p: { seq: number }) => p.seq));
    for (const p of seat.plies) expect(p.best).toHaveLength(1);
    expect((await get(g.gameId).expect(200)).body).toEqual(a);
  });

  it('is held to a fair use per address: a few jobs queued or running at once', async () => {
    const games = [await finishedGame(2), await finishedGame(3), await finishedGame(4)];
    // Neither done yet (the pool is busy with one of them at most): the third is one too many.
    await post(games[0].gameId, 'seat').expect(202);
    await post(games[1].gameId, 'seat').expect(202);
    const refused = await post(games[2].gameId, 'seat');
    if (refused.status === 429) {
      expect(refused.body.code).toBe('TOO_MANY_ANALYSES');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } else {
      // The pool was quicker than the test: the first was done already.
      expect((await get(games[0].gameId, 'seat')).body.status).toBe('done');
    }
    // Asking again for a job of its own is no new job: never refused.
    expect([200, 202]).toContain((await post(games[0].gameId, 'seat')).status);
    await done(games[0].gameId, 'seat');
    await done(games[1].gameId, 'seat');
    await post(games[2].gameId, 'seat').expect(202);
    await done(games[2].gameId, 'seat');
  });

  it('goes into the export with analysis=true, and the record still verifies', async () => {
    const g = await finishedGame(5);
    await post(g.gameId).expect(202);
    const a = await done(g.gameId);
    const lines = async (q: string) =>
      (await service.http.get(`/v1/players/${g.forehand.playerId}/games/export${q}`).buffer(true).parse((res, cb) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => cb(null, text));
      })).body.trim().split('\n').map((l: string) => JSON.parse(l));
    const [plain] = await lines('');
    expect(plain.analysis).toBeUndefined();
    const [withIt] = await lines('?analysis=true');
    expect(withIt.analysis).toEqual(a);
    const { parseRecord, verifyRecord } = await import('../../src/record/index.ts');
    expect(verifyRecord(parseRecord(JSON.stringify(withIt))).ok).toBe(true);
  });
});

/** The operations of the committed document whose answers can hold an analysis (any schema that reaches `Analysis`). */
function operationsCarryingAnalysis(): string[] {
  const doc = JSON.parse(readFileSync(new URL('../../openapi/openapi.json', import.meta.url), 'utf8'));
  const schemas = doc.components.schemas as Record<string, unknown>;
  const reaches = (x: unknown, seen: Set<string>): boolean => {
    if (Array.isArray(x)) return x.some((y) => reaches(y, seen));
    if (x === null || typeof x !== 'object') return false;
    const ref = (x as { $ref?: string }).$ref;
    if (typeof ref === 'string') {
      const name = ref.replace('#/components/schemas/', '');
      if (name === 'Analysis' || name === 'AnalysedCard') return true;
      if (seen.has(name)) return false;
      seen.add(name);
      return reaches(schemas[name], seen);
    }
    return Object.values(x).some((y) => reaches(y, seen));
  };
  const out: string[] = [];
  for (const item of Object.values(doc.paths) as Record<string, { operationId: string; responses: unknown }>[])
    for (const op of Object.values(item)) if (op?.operationId && reaches(op.responses, new Set())) out.push(op.operationId);
  return out.sort();
}

describe('a game still being played', () => {
  it('gets no solver output from any route, stream or export', async () => {
    // What can carry an analysis at all: its own two operations, and the exports (finished games only).
    expect(operationsCarryingAnalysis()).toEqual(['exportGames', 'exportPlayerGames', 'exportTournamentGames', 'getAnalysis', 'requestAnalysis']);
    const g = await client.startedGame({ variant: 'classic' });
    // Part of the way into the play.
    const pick = (await import('../support/service.ts')).rng(7);
    for (let i = 0; i < 20; i++) {
      const view = (await client.view(g.gameId).expect(200)).body;
      if (view.status !== 'cutting' && view.status !== 'declaring' && view.status !== 'kontra' && view.status !== 're' && view.status !== 'playing') break;
      const p = g.bySeat[view.toMove as 'forehand' | 'dealer'];
      const mine = (await client.view(g.gameId, p).expect(200)).body;
      const moves = mine.legalMoves.filter((m: { type: string }) => m.type !== 'resign');
      await client.move(g.gameId, p, moves[pick(moves.length)]).expect(200);
    }
    expect((await client.view(g.gameId).expect(200)).body.status).toBe('playing');
    for (const lens of ['open', 'seat']) {
      expect((await post(g.gameId, lens).expect(409)).body.code).toBe('GAME_NOT_FINISHED');
      expect((await get(g.gameId, lens).expect(409)).body.code).toBe('GAME_NOT_FINISHED');
    }
    expect(await service.database.query('select * from analyses where game_id = $1', [g.gameId])).toEqual([]);
    const text = (res: { text?: string; body?: unknown }) => res.text ?? JSON.stringify(res.body);
    const export_ = await service.http.get(`/v1/players/${g.forehand.playerId}/games/export?analysis=true`).buffer(true).parse((res, cb) => {
      let t = '';
      res.on('data', (d: Buffer) => (t += d.toString()));
      res.on('end', () => cb(null, t));
    });
    expect(export_.body).not.toContain(g.gameId);
    for (const seat of ['forehand', 'dealer'] as const)
      for (const path of [`/v1/games/${g.gameId}`, `/v1/games/${g.gameId}/events`]) {
        const res = await service.http.get(path).set(g.bySeat[seat].auth).expect(200);
        expect(text(res)).not.toMatch(/bestValue|"analysis"|"plies"/);
      }
  });
});
