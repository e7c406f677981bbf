// The access log, as written: one JSON line per request with method, path, status and time,
// and never a token or a card, through complete games and their rejected moves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonLogger } from '../../src/platform/log.ts';
import { ownCards } from '../support/problems.ts';
import { Client, rng, startTestService, type TestPlayer, type TestService } from '../support/service.ts';

let service: TestService;
let client: Client;
const lines: string[] = [];
let received = 0;

beforeAll(async () => {
  service = await startTestService({ log: jsonLogger('info', (line) => lines.push(line)) });
  service.server.on('request', () => received++);
  client = new Client(service.http);
});
afterAll(() => service?.close());

const QUOTED_CARD = /"[CSHD][789TJQKA]"/;
const BARE_CARD = /(?<![A-Za-z0-9])[CSHD][789TJQKA](?![A-Za-z0-9])/;
const JWT = /eyJ[A-Za-z0-9_-]{8,}/;

/** Lines are written asynchronously to the response: wait until every request has its line. */
async function settled() {
  for (let i = 0; i < 100 && lines.length < received; i++) await new Promise((r) => setTimeout(r, 10));
  return lines.map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('the access log', () => {
  const tokens: string[] = [];
  const player = async (name: string) => {
    const p = await client.player(name);
    tokens.push(p.token);
    return p;
  };

  it.each(['classic', 'halfOpen'] as const)('during a complete %s game: one line per request, no token, no card', async (variant) => {
    const pick = rng(variant.length * 31);
    const [anna, bert] = [await player('Anna'), await player('Bert')];
    const bySeat: Record<string, TestPlayer> = { forehand: anna, dealer: bert };
    const created = await client.createGame(anna, { variant, seat: 'forehand' });
    await service.http.post(`/v1/games/${created.id}/join`).set(bert.auth).expect(200);
    const key = () => `k-${crypto.randomUUID()}`;
    let view = created;
    let rejected = 0;
    let moves = 0;
    while (view.status !== 'finished') {
      // Who is to move: a move's answer says (the first time, a read without a token does).
      const seat = (moves === 0 ? (await client.view(created.id).expect(200)).body : view).toMove as string;
      const mine = (await client.view(created.id, bySeat[seat]).expect(200)).body;
      // Rejected moves that name cards: an illegal card, a card of the other seat.
      if (mine.status === 'playing') {
        const legal = new Set(mine.legalMoves.map((m: { card: string }) => m.card));
        const wrong = ownCards(mine).find((c) => !legal.has(c)) ?? 'CJ';
        const r = await client.move(created.id, bySeat[seat], { type: 'play', card: wrong }).set('Idempotency-Key', key());
        if (r.status !== 200) rejected++;
        else {
          view = r.body.view;
          continue;
        }
      }
      const move = mine.legalMoves[pick(mine.legalMoves.length)];
      const res = await client.move(created.id, bySeat[seat], move, { expectedVersion: mine.version }).set('Idempotency-Key', key());
      expect(res.status, res.text).toBe(200);
      view = res.body.view;
      // Reads of every kind, with and without a token, at every fourth move (their lines are alike
      // at every move: the path, no query, the same status).
      if (moves++ % 4 !== 0) continue;
      await client.view(created.id).expect(200);
      await service.http.get(`/v1/games/${created.id}/events?after=0`).set(bySeat[seat].auth).expect(200);
      await service.http.get(`/v1/games/${created.id}/events`).expect(200);
      await service.http.get(`/v1/games/${created.id}`).set(anna.auth).set('If-None-Match', `W/"${res.body.version}-forehand"`);
    }
    expect(rejected).toBeGreaterThan(0);
    await service.http.get(`/v1/games/${created.id}/record`).expect(200);
    await service.http.get('/v1/games?status=finished&limit=5').set(anna.auth).expect(200);

    const parsed = await settled();
    expect(parsed.length).toBe(received);
    for (const [i, line] of lines.entries()) {
      const f = parsed[i];
      expect(line.endsWith('\n')).toBe(true);
      expect(line.trimEnd()).not.toContain('\n');
      expect(typeof f.method).toBe('string');
      expect(String(f.path)).toMatch(/^\//);
      expect(String(f.path)).not.toContain('?');
      expect(Number.isInteger(f.status)).toBe(true);
      expect(typeof f.ms).toBe('number');
      expect(f.ms as number).toBeGreaterThanOrEqual(0);
      expect(line).not.toMatch(QUOTED_CARD);
      expect(line).not.toMatch(BARE_CARD);
      expect(line).not.toMatch(JWT);
      for (const t of tokens) {
        expect(line).not.toContain(t);
        expect(line).not.toContain(t.split('.')[2]);
      }
    }
    // Every kind of request of the game is there with its status.
    const seen = new Set(parsed.map((f) => `${f.method} ${String(f.path).replace(created.id, ':id')} ${f.status}`));
    for (const want of ['POST /v1/players 201', 'POST /v1/games 201', 'POST /v1/games/:id/join 200', 'POST /v1/games/:id/moves 200', 'POST /v1/games/:id/moves 422', 'GET /v1/games/:id 200', 'GET /v1/games/:id/events 200', 'GET /v1/games/:id/record 200']) {
      expect(seen, want).toContain(want);
    }
  });

  it('logs failed and anonymous requests too, still without tokens or query strings', async () => {
    const before = received;
    const anna = await player('Anna');
    await service.http.get('/v1/games/nope?card=CJ&token=x').set(anna.auth).expect(404);
    await service.http.get('/v1/games?cursor=SA').set('Authorization', `Bearer ${anna.token}x`).expect(401);
    await service.http.post('/v1/games').set('Authorization', `Bearer ${anna.token.split('.').slice(0, 2).join('.')}.AAAA`).send({}).expect(401);
    await service.http.get('/healthz').expect(200);
    const parsed = (await settled()).slice(before);
    expect(parsed.map((f) => [f.method, f.path, f.status])).toEqual([
      ['POST', '/v1/players', 201],
      ['GET', '/v1/games/nope', 404],
      ['GET', '/v1/games', 401],
      ['POST', '/v1/games', 401],
      ['GET', '/healthz', 200],
    ]);
    for (const line of lines.slice(before)) {
      expect(line).not.toMatch(JWT);
      expect(line).not.toMatch(BARE_CARD);
    }
  });

  it('gives every request an id: the client\'s X-Request-Id or a new one, echoed, in problems and on its log line', async () => {
    const before = received;
    const anna = await player('Anna');
    const mine = await service.http.get('/v1/games/nope').set(anna.auth).set('X-Request-Id', 'bot-7:req-42');
    expect(mine.status).toBe(404);
    expect(mine.headers['x-request-id']).toBe('bot-7:req-42');
    expect(mine.body.requestId).toBe('bot-7:req-42');
    const made = await service.http.get('/healthz').set('X-Request-Id', 'not ok; <script>').expect(200);
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const parsed = (await settled()).slice(before);
    expect(parsed.map((f) => f.requestId)).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/), 'bot-7:req-42', made.headers['x-request-id']]);
    for (const f of parsed) expect(f).toMatchObject({ level: 'info', pid: process.pid });
  });
});
