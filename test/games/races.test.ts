// Races through HTTP: concurrent moves for one version, concurrent joins, idempotent retries.
// Whatever the interleaving, exactly one write wins and the log holds exactly one copy of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem, snapshot } from '../support/problems.ts';
import { Client, rng, startTestService, type TestPlayer, type TestService } from '../support/service.ts';

let service: TestService;
let client: Client;
beforeAll(async () => {
  service = await startTestService();
  client = new Client(service.http);
});
afterAll(() => service?.close());

const ROUNDS = 20;
type Game = Awaited<ReturnType<Client['startedGame']>>;

/** Full (unredacted for the owner) logs of a game, as each seat sees it. */
const logOf = async (g: Game, p: TestPlayer) => (await service.http.get(`/v1/games/${g.gameId}/events`).set(p.auth).expect(200)).body;

/**
 * Yields the view of the seat to move, `rounds` times, playing `advance` moves (chosen by the
 * views) between them and starting a new game whenever one ends.
 */
async function* turns(rounds: number, seed: number) {
  const pick = rng(seed);
  let game: Game | null = null;
  for (let round = 0; round < rounds; ) {
    if (!game) game = await client.startedGame({ variant: round % 2 ? 'halfOpen' : 'classic' });
    const spectator = (await client.view(game.gameId).expect(200)).body;
    if (spectator.status === 'finished') {
      game = null;
      continue;
    }
    const mover = game.bySeat[spectator.toMove as 'forehand' | 'dealer'];
    const view = (await client.view(game.gameId, mover).expect(200)).body;
    yield { game, mover, view, move: view.legalMoves[pick(view.legalMoves.length)] };
    round++;
  }
}

/** After a race: the winner's events are in the log exactly once, right after `before`. */
async function expectOneCopy(game: Game, before: number, winner: { body: { version: number; events: { seq: number }[] } }) {
  const log = await logOf(game, game.forehand);
  expect(log.version).toBe(winner.body.version);
  expect(log.events.map((e: { seq: number }) => e.seq)).toEqual(Array.from({ length: log.version }, (_, i) => i + 1));
  const appended = log.events.slice(before);
  expect(appended.map((e: { seq: number }) => e.seq)).toEqual(winner.body.events.map((e) => e.seq));
}

describe('concurrent moves for the same version', () => {
  it(`with expectedVersion: exactly one 200 and one 409 VERSION_CONFLICT, ${ROUNDS} times`, async () => {
    for await (const { game, mover, view, move } of turns(ROUNDS, 1)) {
      const send = () => client.move(game.gameId, mover, move, { expectedVersion: view.version });
      const answers = await Promise.all([send(), send()]);
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses, JSON.stringify(answers.map((r) => r.body))).toEqual([200, 409]);
      const winner = answers.find((r) => r.status === 200)!;
      const loser = answers.find((r) => r.status === 409)!;
      const problem = expectProblem(loser, 409, 'VERSION_CONFLICT');
      expect(problem.view.version).toBe(winner.body.version);
      await expectOneCopy(game, view.version, winner);
    }
  });

  it(`with two different moves and expectedVersion: still exactly one wins, ${ROUNDS} times`, async () => {
    for await (const { game, mover, view } of turns(ROUNDS, 2)) {
      const [a, b] = [view.legalMoves[0], view.legalMoves.at(-1)];
      const answers = await Promise.all([
        client.move(game.gameId, mover, a, { expectedVersion: view.version }),
        client.move(game.gameId, mover, b, { expectedVersion: view.version }),
      ]);
      const winners = answers.filter((r) => r.status === 200);
      expect(winners).toHaveLength(1);
      expectProblem(answers.find((r) => r !== winners[0])!, 409, 'VERSION_CONFLICT');
      await expectOneCopy(game, view.version, winners[0]);
    }
  });

  it(`without expectedVersion: exactly one 200; the other is refused, ${ROUNDS} times`, async () => {
    const refusals: Record<string, number> = {};
    for await (const { game, mover, view, move } of turns(ROUNDS, 3)) {
      // The same move twice: however the two interleave, it can only be made once.
      const send = () => client.move(game.gameId, mover, move);
      const answers = await Promise.all([send(), send()]);
      const winners = answers.filter((r) => r.status === 200);
      expect(winners, JSON.stringify(answers.map((r) => r.body))).toHaveLength(1);
      const loser = answers.find((r) => r !== winners[0])!;
      // Both read the same version: the guarded append refuses the second (409). Had the second
      // read the game only after the first was stored, the rules refuse it instead (422).
      expect([409, 422]).toContain(loser.status);
      expectProblem(loser, loser.status, loser.body.code);
      if (loser.status === 409) expect(loser.body.code).toBe('VERSION_CONFLICT');
      refusals[`${loser.status} ${loser.body.code}`] = (refusals[`${loser.status} ${loser.body.code}`] ?? 0) + 1;
      await expectOneCopy(game, view.version, winners[0]);
    }
    // How often each refusal came depends on the driver's timing (PGlite runs one query at a
    // time, so there the second request mostly reads after the first has committed).
    expect(Object.values(refusals).reduce((a, b) => a + b, 0)).toBe(ROUNDS);
  });

  it('many concurrent moves at once: one wins, the log has no gaps and no duplicates', async () => {
    const { game, mover, view, move } = (await turns(1, 4).next()).value!;
    const answers = await Promise.all(Array.from({ length: 8 }, () => client.move(game.gameId, mover, move, { expectedVersion: view.version })));
    const winners = answers.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    for (const r of answers) if (r !== winners[0]) expectProblem(r, 409, 'VERSION_CONFLICT');
    await expectOneCopy(game, view.version, winners[0]);
  });
});

describe('two players racing to join', () => {
  it(`one takes the seat, the other gets 409 SEAT_TAKEN, ${ROUNDS} times`, async () => {
    const anna = await client.player('Anna');
    for (let i = 0; i < ROUNDS; i++) {
      const [bert, carl] = await Promise.all([client.player('Bert'), client.player('Carl')]);
      const created = await client.createGame(anna, {});
      const answers = await Promise.all([bert, carl].map((p) => service.http.post(`/v1/games/${created.id}/join`).set(p.auth)));
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = answers[0].status === 200 ? bert : carl;
      expectProblem(answers.find((r) => r.status === 409)!, 409, 'SEAT_TAKEN');
      const { view, events } = await snapshot(service.http, created.id, anna);
      const seated = events.events.filter((e: { event: { type: string } }) => e.event.type === 'seated');
      expect(seated.map((e: { event: { playerId: string } }) => e.event.playerId).sort()).toEqual([anna.playerId, winner.playerId].sort());
      expect([view.players.forehand.playerId, view.players.dealer.playerId].sort()).toEqual([anna.playerId, winner.playerId].sort());
      expect(view.status).not.toBe('waiting');
    }
  });
});

describe('idempotent retries', () => {
  it('the same key and body again returns the first answer byte for byte and appends nothing', async () => {
    const game = await client.startedGame({});
    const key = crypto.randomUUID();
    const cut = () => client.move(game.gameId, game.forehand, { type: 'cut', at: 13 }, { expectedVersion: game.view.version }).set('Idempotency-Key', key);
    const first = await cut();
    expect(first.status).toBe(200);
    const after = await snapshot(service.http, game.gameId, game.forehand);
    expect(after.version).toBe(first.body.version);

    for (let i = 0; i < 3; i++) {
      const again = await cut();
      expect(again.status).toBe(200);
      expect(again.headers['content-type']).toBe(first.headers['content-type']);
      expect(again.text).toBe(first.text);
      expect(await snapshot(service.http, game.gameId, game.forehand)).toEqual(after);
    }

    // Still the first answer after the game has moved on.
    const toMove = (await client.view(game.gameId).expect(200)).body.toMove as 'forehand' | 'dealer';
    const next = (await client.view(game.gameId, game.bySeat[toMove]).expect(200)).body.legalMoves[0];
    await client.move(game.gameId, game.bySeat[toMove], next).expect(200);
    const moved = await snapshot(service.http, game.gameId, game.forehand);
    const late = await cut();
    expect(late.status).toBe(200);
    expect(late.text).toBe(first.text);
    expect(await snapshot(service.http, game.gameId, game.forehand)).toEqual(moved);
  });

  it("a key is the player's own: another player may use the same key for their own move", async () => {
    const [anna, bert] = await Promise.all([client.player('Anna'), client.player('Bert')]);
    const games = [];
    for (const [forehand, dealer] of [[anna, bert], [bert, anna]]) {
      const created = await client.createGame(forehand, { seat: 'forehand' });
      await service.http.post(`/v1/games/${created.id}/join`).set(dealer.auth).expect(200);
      games.push({ id: created.id as string, forehand });
    }
    const answers = [];
    for (const g of games) answers.push(await client.move(g.id, g.forehand, { type: 'cut', at: 10 }).set('Idempotency-Key', 'shared-key'));
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(answers.map((r) => r.body.view.id)).toEqual(games.map((g) => g.id));
  });

  it('a repeat of a committed move is refused by the game, then answered from its key: the first answer, one copy', async () => {
    // A keyed move is decided before its key is looked up (no round trip per move for the rare
    // repeat): the repeat finds its move made (a version passed; not its turn any more), and that
    // refusal looks the key up and answers with the first answer.
    const store = service.parts.gameStore;
    const real = store.getIdempotent.bind(store);
    for (const withVersion of [true, false]) {
      const { value } = await turns(1, withVersion ? 6 : 7).next();
      const { game, mover, view, move } = value!;
      const key = crypto.randomUUID();
      const send = () => client.move(game.gameId, mover, move, withVersion ? { expectedVersion: view.version } : {}).set('Idempotency-Key', key);
      let looked = 0;
      store.getIdempotent = async (playerId, k) => {
        if (k === key) looked++;
        return real(playerId, k);
      };
      try {
        const first = await send();
        expect(first.status).toBe(200);
        expect(looked).toBe(0); // the first send never looks: its move is simply made
        const repeat = await send();
        expect(looked).toBe(1);
        expect(repeat.status, JSON.stringify(repeat.body)).toBe(200);
        expect(repeat.text).toBe(first.text);
        await expectOneCopy(game, view.version, first);
      } finally {
        store.getIdempotent = real;
      }
    }
  });

  it(`the same key sent twice at once makes one move, and both get its answer, ${ROUNDS} times`, async () => {
    for await (const { game, mover, view, move } of turns(ROUNDS, 5)) {
      const key = crypto.randomUUID();
      const send = () => client.move(game.gameId, mover, move, { expectedVersion: view.version }).set('Idempotency-Key', key);
      const answers = await Promise.all([send(), send()]);
      expect(answers.map((r) => r.status), JSON.stringify(answers.map((r) => r.body))).toEqual([200, 200]);
      expect(answers[1].text).toBe(answers[0].text);
      await expectOneCopy(game, view.version, answers[0]);
      // And a later retry still gets the same bytes.
      expect((await send()).text).toBe(answers[0].text);
    }
  });
});
