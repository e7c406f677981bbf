// Bots on streams: the game's stream with the caller's view (`views=true`), and moves answered
// `204` with `Prefer: return=minimal`. Every stream message is checked against its schema in
// openapi/openapi.json (test/support/sse.ts), every answer against the operation's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cancellation } from '../../src/platform/cancellation.ts';
import { expectProblem } from '../support/problems.ts';
import { Client, startTestService, type TestService } from '../support/service.ts';
import { openSse, type SseMessage } from '../support/sse.ts';

let service: TestService;
let client: Client;
beforeAll(async () => {
  service = await startTestService();
  client = new Client(service.http);
});
afterAll(() => service?.close());

const viewsOf = (messages: SseMessage[]) => messages.filter((m) => m.event === 'view').map((m) => ({ id: m.id, view: JSON.parse(m.data!) }));
const HIDDEN_CARD = /"covered":"[CSHD][789TJQKA]"/;

describe('GET /v1/games/{gameId}/stream?views=true', () => {
  it("sends the caller's current view first, then the events and the view after each committed change", async () => {
    const game = await client.startedGame();
    const url = `${service.url}/v1/games/${game.gameId}/stream?views=true`;
    const forehand = await openSse(url, game.forehand.auth);
    const dealer = await openSse(url, game.dealer.auth);
    try {
      expect(forehand.status).toBe(200);
      await forehand.until((m) => m.length >= 1);
      await dealer.until((m) => m.length >= 1);
      // The first message: the current view, as GET /v1/games/{gameId} answers it, legalMoves included.
      const current = (await client.view(game.gameId, game.forehand).expect(200)).body;
      expect(forehand.messages[0]).toMatchObject({ event: 'view', id: '0' });
      expect(JSON.parse(forehand.messages[0].data!)).toEqual(current);
      expect(current.legalMoves.length).toBeGreaterThan(0);
      expect(JSON.parse(dealer.messages[0].data!)).toMatchObject({ you: 'dealer', legalMoves: [] });

      const moved = await client.move(game.gameId, game.forehand, { type: 'cut', at: 10 }).expect(200);
      const version = moved.body.version as number;
      for (const stream of [forehand, dealer]) await stream.until((m) => viewsOf(m).some((v) => v.view.version === version));
      // The events of the log so far follow the first view; after the change: its events (id =
      // seq), then the view (id = the last event's seq).
      expect(forehand.messages.slice(1, 1 + game.view.version).map((m) => m.id)).toEqual(Array.from({ length: game.view.version }, (_, i) => String(i + 1)));
      const after = forehand.messages.slice(1 + game.view.version);
      expect(after.map((m) => m.id)).toEqual([...moved.body.events.map((e: { seq: number }) => String(e.seq)), String(version)]);
      expect(after.at(-1)!.event).toBe('view');
      expect(JSON.parse(after.at(-1)!.data!)).toEqual(moved.body.view);
      // Each reader gets its own view: the dealer's is what GET answers the dealer.
      const dealerView = (await client.view(game.gameId, game.dealer).expect(200)).body;
      expect(viewsOf(dealer.messages).at(-1)!.view).toEqual(dealerView);
      for (const m of dealer.messages) expect(m.data).not.toMatch(HIDDEN_CARD);
    } finally {
      await forehand.close();
      await dealer.close();
    }
  });

  it('makes each view and round once per commit per viewer, shared by every stream of that viewer', async () => {
    const game = await client.startedGame();
    const url = `${service.url}/v1/games/${game.gameId}/stream?views=true`;
    const streams = await Promise.all([1, 2, 3].map(() => openSse(url, game.dealer.auth)));
    try {
      for (const s of streams) await s.until((m) => m.length >= 1);
      const views = service.deps.games.sharedViews.stats;
      const rounds = service.deps.games.sharedRounds.stats;
      const before = { views: { ...views }, rounds: { ...rounds } };
      const moved = await client.move(game.gameId, game.forehand, { type: 'cut', at: 12 }).expect(200);
      for (const s of streams) await s.until((m) => viewsOf(m).some((v) => v.view.version === moved.body.version));
      // The move's answer makes the mover's view, not the dealer's: the dealer's view is made
      // once, in the one round (its events and that view) all three streams send.
      expect(views.made - before.views.made).toBe(1);
      expect(rounds.made - before.rounds.made).toBe(1);
      expect(rounds.shared - before.rounds.shared).toBe(2);
      const texts = streams.map((s) => s.messages.at(-1)!.data);
      expect(new Set(texts).size).toBe(1);
    } finally {
      await Promise.all(streams.map((s) => s.close()));
    }
  });

  it("pushes a commit's round to a waiting stream in the commit's own turn; the loop sends what it cannot", async () => {
    const game = await client.startedGame();
    const games = service.deps.games;
    const feed = await games.feed(game.gameId, game.dealer.playerId, 0, undefined, { views: true });
    const cancel = new Cancellation();
    try {
      const first = await feed.next();
      const pushed: { items: readonly { seq: number; type: string; data?: string }[]; version: number }[] = [];
      let take = true;
      const push = () => {
        if (!take) return false;
        const round = feed.nextNow?.();
        if (!round) return false;
        pushed.push(round);
        return true;
      };
      const waiting = feed.waitPast(first.version!, 60_000, cancel, push);
      const moved = await client.move(game.gameId, game.forehand, { type: 'cut', at: 9 }).expect(200);
      // By the move's answer the round was sent: its events, then the dealer's view at that version.
      expect(pushed).toHaveLength(1);
      expect(pushed[0].version).toBe(moved.body.version);
      // The events, then the view, whose id is the last event's seq.
      const seqs = (events: { seq: number }[]) => [...events.map((e) => e.seq), events.at(-1)!.seq];
      expect(pushed[0].items.map((i) => i.seq)).toEqual(seqs(moved.body.events));
      expect(pushed[0].items.at(-1)!.type).toBe('view');
      expect(JSON.parse(pushed[0].items.at(-1)!.data!)).toEqual((await client.view(game.gameId, game.dealer).expect(200)).body);
      // The wait goes on past it; a push declined ends it, and the loop's next() has the round.
      let settled = false;
      void waiting.then(() => (settled = true));
      await new Promise((r) => setImmediate(r));
      expect(settled).toBe(false);
      take = false;
      const view = (await client.view(game.gameId, game.forehand).expect(200)).body;
      const second = await client.move(game.gameId, game.forehand, view.legalMoves[0]).expect(200);
      expect(await waiting).toBe(true);
      const round = await feed.next();
      expect(round.version).toBe(second.body.version);
      expect(round.items.map((i) => i.seq)).toEqual(seqs(second.body.events));
      expect(round.items.at(-1)!.type).toBe('view');
    } finally {
      cancel.cancel();
      feed.release?.();
    }
  });

  it('resumes with Last-Event-ID: the current view, exactly the events missed, then the final view', async () => {
    const game = await client.startedGame();
    const url = `${service.url}/v1/games/${game.gameId}/stream?views=true`;
    const cut = await client.move(game.gameId, game.forehand, { type: 'cut', at: 10 }).expect(200);
    const declared = await client.move(game.gameId, game.forehand, cut.body.view.legalMoves[0]).expect(200);
    const resumed = await openSse(url, { ...game.forehand.auth, 'Last-Event-ID': String(cut.body.version) });
    try {
      await resumed.until((m) => m.length >= 1 + declared.body.events.length);
      expect(resumed.messages[0]).toMatchObject({ event: 'view', id: String(cut.body.version) });
      expect(JSON.parse(resumed.messages[0].data!).version).toBe(declared.body.version);
      expect(resumed.messages.slice(1).map((m) => m.id)).toEqual(declared.body.events.map((e: { seq: number }) => String(e.seq)));
      // The game ends (a resignation): the events, the final view, and the stream closes.
      const resigned = await client.move(game.gameId, game.dealer, { type: 'resign' }).expect(200);
      await resumed.until(() => resumed.ended);
      const last = resumed.messages.at(-1)!;
      expect(last.event).toBe('view');
      expect(JSON.parse(last.data!)).toMatchObject({ status: 'finished', version: resigned.body.version });
    } finally {
      await resumed.close();
    }
  });

  it('without views=true sends the events alone, as before', async () => {
    const game = await client.startedGame();
    await client.move(game.gameId, game.forehand, { type: 'cut', at: 10 }).expect(200);
    const plain = await openSse(`${service.url}/v1/games/${game.gameId}/stream?views=false`, game.forehand.auth);
    try {
      await plain.until((m) => m.length >= 3);
      expect(plain.messages.every((m) => m.event !== 'view')).toBe(true);
    } finally {
      await plain.close();
    }
  });
});

describe('POST /v1/games/{gameId}/moves with Prefer: return=minimal', () => {
  it('answers 204 with the new version in ETag and Preference-Applied, and makes the move', async () => {
    const game = await client.startedGame();
    const res = await client.move(game.gameId, game.forehand, { type: 'cut', at: 9 }, { expectedVersion: game.view.version }).set('Prefer', 'return=minimal').expect(204);
    expect(res.text).toBe('');
    expect(res.headers['preference-applied']).toBe('return=minimal');
    const view = (await client.view(game.gameId, game.forehand).expect(200)).body;
    expect(res.headers.etag).toBe(`W/"${view.version}-forehand"`);
    expect(view.version).toBeGreaterThan(game.view.version);
    // A refusal is still a problem, with its status.
    expectProblem(await client.move(game.gameId, game.dealer, { type: 'cut', at: 9 }).set('Prefer', 'return=minimal'), 422, 'NOT_YOUR_TURN');
  });

  it('gives an Idempotency-Key repeat the same answer: 204 again, the move made once', async () => {
    const game = await client.startedGame();
    const send = () => client.move(game.gameId, game.forehand, { type: 'cut', at: 11 }, { expectedVersion: game.view.version }).set('Idempotency-Key', 'min-1').set('Prefer', 'return=minimal');
    const first = await send().expect(204);
    const again = await send().expect(204);
    expect(again.headers.etag).toBe(first.headers.etag);
    // The first answer was minimal: asked without the preference, the repeat is that answer still.
    const plain = await client.move(game.gameId, game.forehand, { type: 'cut', at: 11 }, { expectedVersion: game.view.version }).set('Idempotency-Key', 'min-1').expect(204);
    expect(plain.headers.etag).toBe(first.headers.etag);
    const log = (await service.http.get(`/v1/games/${game.gameId}/events`).set(game.forehand.auth).expect(200)).body;
    expect(log.events.filter((e: { event: { type: string } }) => e.event.type === 'cut')).toHaveLength(1);
  });

  it('answers a minimal repeat of a key first answered in full with 204 and that version', async () => {
    const game = await client.startedGame();
    const body = { expectedVersion: game.view.version };
    const full = await client.move(game.gameId, game.forehand, { type: 'cut', at: 12 }, body).set('Idempotency-Key', 'full-1').expect(200);
    const minimal = await client.move(game.gameId, game.forehand, { type: 'cut', at: 12 }, body).set('Idempotency-Key', 'full-1').set('Prefer', 'respond-async, return=minimal').expect(204);
    expect(minimal.headers.etag).toBe(`W/"${full.body.version}-forehand"`);
  });

  it('ignores other preferences', async () => {
    const game = await client.startedGame();
    await client.move(game.gameId, game.forehand, { type: 'cut', at: 12 }).set('Prefer', 'return=representation').expect(200);
  });
});
