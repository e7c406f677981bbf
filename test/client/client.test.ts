// The client module against a real service: a whole game through it, the game's stream (and its
// resume), conflicts and idempotent moves, matches, and the player-centred calls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, playGame, players, type GameView, type LoggedEvent, type SkatClient } from '@offiziersskat/client';
import { newMemory, remember, rng, greedy } from '../../src/bots/index.ts';
import { verifyRecord } from '../../src/record/index.ts';
import type { GameRecord } from '../../src/record/index.ts';
import { startTestService, type TestService } from '../support/service.ts';

let service: TestService;
let anon: SkatClient;
beforeAll(async () => {
  service = await startTestService();
  anon = createClient({ baseUrl: service.url });
});
afterAll(async () => {
  await service?.close();
});

async function twoPlayers() {
  const [a, b] = await Promise.all([anon.createPlayer('Anna'), anon.createPlayer('Bert')]);
  return { anna: anon.withToken(a.token), bert: anon.withToken(b.token), ids: { anna: a.playerId, bert: b.playerId } };
}

const bot = (seed: number) => {
  const memory = newMemory();
  const pick = rng(seed);
  return { choose: (v: GameView) => greedy(v, memory, pick), onView: (v: GameView) => remember(memory, v) };
};

describe('the client module', () => {
  it('plays a whole game; the stream gives every event, resumes after any seq, and ends after finished', async () => {
    const { anna, bert } = await twoPlayers();
    const created = await anna.createGame({ variant: 'bidding', seat: 'forehand' });
    const watcher = (async () => {
      const events: LoggedEvent[] = [];
      for await (const e of anon.gameStream(created.id)) events.push(e);
      return events;
    })();
    const joined = await bert.joinGame(created.id);
    const a = bot(1);
    const b = bot(2);
    const [final] = await Promise.all([playGame(anna, created, a.choose, { onView: a.onView }), playGame(bert, joined, b.choose, { onView: b.onView })]);
    expect(final.status).toBe('finished');

    const streamed = await watcher;
    const log = await anon.events(created.id);
    // Watched live, as a spectator: the same events, hidden cards hidden until the end.
    const seqAndType = (events: LoggedEvent[]) => events.map((e) => `${e.seq} ${e.event.type}`);
    expect(seqAndType(streamed)).toEqual(seqAndType(log.events));
    expect(streamed.map((e) => e.seq)).toEqual(log.events.map((_, i) => i + 1));
    expect(streamed.at(-1)!.event.type).toBe('finished');
    expect(streamed.find((e) => e.event.type === 'dealt' && e.event.to === 'covered')?.event).toMatchObject({ cards: ['hidden', 'hidden', 'hidden', 'hidden', 'hidden'] });

    const resumed: LoggedEvent[] = [];
    for await (const e of anna.gameStream(created.id, { after: 10 })) resumed.push(e);
    expect(resumed).toEqual(log.events.slice(10));

    const record = await anon.record(created.id);
    expect(verifyRecord(record as unknown as GameRecord).problems).toEqual([]);
  });

  it('a move chosen at an old version is refused with the fresh view; a repeated key gets the first answer', async () => {
    const { anna, bert } = await twoPlayers();
    const created = await anna.createGame({ seat: 'forehand' });
    const joined = await bert.joinGame(created.id);
    const cut = { type: 'cut', at: 9 } as const;
    const first = await anna.move(created.id, cut, { expectedVersion: joined.version, idempotencyKey: 'same-key' });
    const again = await anna.move(created.id, cut, { expectedVersion: joined.version, idempotencyKey: 'same-key' });
    expect(again).toEqual(first);
    const stale = await anna.move(created.id, first.view.legalMoves[0], { expectedVersion: joined.version }).catch((e) => e);
    expect(stale.code).toBe('VERSION_CONFLICT');
    expect(stale.view.version).toBe(first.version);
    const illegal = await bert.move(created.id, { type: 'play', card: 'CJ' }).catch((e) => e);
    expect(illegal).toMatchObject({ status: 422, code: 'NOT_YOUR_TURN' });
  });

  it('matches: create, join, the sheet, the match stream', async () => {
    const { anna, bert, ids } = await twoPlayers();
    const match = await anna.createMatch({ games: 1, opponent: ids.bert, scoring: 'simple' });
    const started = await bert.joinMatch(match.id);
    expect(started.status).toBe('playing');
    const gameId = started.currentGameId!;
    const events = (async () => {
      const out: string[] = [];
      for await (const e of anon.matchStream(match.id)) out.push(e.event.type);
      return out;
    })();
    const view = await anna.getGame(gameId);
    const loser = view.toMove === view.you ? anna : bert;
    await loser.move(gameId, { type: 'resign' });
    expect(await events).toEqual(['gameStarted', 'gameFinished', 'matchFinished']);
    const sheet = await anon.getMatch(match.id);
    expect(sheet.status).toBe('finished');
    expect(sheet.sheet).toHaveLength(1);
  });

  it('acts for one player: who am I, my games and challenges, my own stream, calling off and declining', async () => {
    const { anna, bert, ids } = await twoPlayers();
    expect(await bert.me()).toMatchObject({ playerId: ids.bert, name: 'Bert' });
    const events = bert.myEvents();
    const challenge = await anna.createGame({ opponent: ids.bert });
    const first = await events.next();
    expect(first.value).toMatchObject({ seq: 1, event: { type: 'challenge', kind: 'game', id: challenge.id, from: ids.anna } });
    const waiting = await players.myGames(bert, { status: 'waiting' });
    expect(waiting.entries.map((e) => [e.kind, e.id])).toEqual([['game', challenge.id]]);
    await bert.declineGame(challenge.id);
    expect((await events.next()).value).toMatchObject({ seq: 2, event: { type: 'challengeDeclined', id: challenge.id, by: ids.bert } });
    const open = await anna.createGame({});
    await anna.cancelGame(open.id);
    expect((await anon.getGame(open.id)).status).toBe('cancelled');
    await events.return(undefined);
    // Resumed where it was: nothing is missed.
    const again = bert.myEvents({ after: 1 });
    expect((await again.next()).value).toMatchObject({ seq: 2, event: { type: 'challengeDeclined' } });
    await again.return(undefined);
  });
});
