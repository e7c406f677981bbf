// The examples of the OpenAPI document, made by the service's own code: one classic game between
// Anna and Bert, played through the games layer's pure deciders and read models from a fixed
// seed and a fixed clock. So every view, event and record shown is one the service would send,
// and the move example is a move the service accepts in the situation it shows. The matches' and
// the players' examples go on with these games (exampleGame, exampleStep).
import { ANNA, BERT, EXAMPLE_NAMES as NAMES, exampleAt as at } from '../accounts/index.ts';
import { DEFAULT_CONFIG, seedCommitment, type GameEvent, type Move } from '../engine/index.ts';
import { DomainError } from '../platform/errors.ts';
import { decideCommand, type GameCommand } from './commands.ts';
import { gameOf, statusOf, type Game } from './game.ts';
import { challengeNotices, gameStartNotices, noticesOf } from './notices.ts';
import { seated } from './seating.ts';
import type { GameRow } from './tables.ts';
import { gameRecord, gameSummary, gameView, loggedEvents, moveAnswer } from './view.ts';

const GAME_ID = '8c1f6a3e-2b4d-4e7f-a9c0-3d5e7f9a1b2c';
const REMATCH_ID = 'e4a7c2d9-6f1b-4a8e-b3c5-9d0e2f4a6b81';
/** The seed of the examples' games. */
export const EXAMPLE_SEED = '9f2c4e6a8b0d1f3a5c7e9b2d4f6a8c0e1b3d5f7a9c2e4b6d8f0a1c3e5b7d9f2a';
const SEED = EXAMPLE_SEED;

/** The cut of the examples: forehand lifts 17 cards at version 2 of a fresh game. */
export const MOVE_REQUEST = { move: { type: 'cut', at: 17 } satisfies Move, expectedVersion: 2 };

export function exampleGame(id: string, forehand: string | null, dealer: string | null, events: GameEvent[], when: Date, extra: Partial<GameRow> = {}): Game {
  const row: GameRow = {
    id,
    config: DEFAULT_CONFIG,
    status: 'waiting',
    version: events.length,
    forehandPlayerId: forehand,
    dealerPlayerId: dealer,
    reservedPlayerId: null,
    serverSeed: SEED,
    seedCommitment: seedCommitment(SEED),
    matchId: null,
    number: null,
    turnSeconds: 60,
    rated: false,
    ratingChanges: null,
    rematchOf: null,
    createdAt: when,
    updatedAt: when,
    ...extra,
  };
  const game = gameOf(row, events);
  return { ...game, row: { ...row, status: statusOf(row, game.state) } };
}

/** A command of the games layer, decided and applied as the repository would. */
export function exampleStep(game: Game, playerId: string, command: GameCommand, when: Date): Game {
  const decision = decideCommand(game, playerId, command, when);
  if (decision instanceof DomainError) throw new Error(`example: ${decision.code} ${decision.detail}`);
  const events = [...game.events, ...decision.events];
  const row = { ...game.row, ...decision.patch, version: events.length, updatedAt: when };
  const next = gameOf(row, events);
  return { ...next, row: { ...row, status: statusOf(row, next.state) } };
}

// Anna creates the game as forehand (a minute per move), Bert joins, Anna cuts; Bert waits in
// vain for her declaration and claims the game after the deadline.
const created = exampleGame(GAME_ID, ANNA.playerId, null, [seated('forehand', ANNA.playerId)], at(0));
const started = exampleStep(created, BERT.playerId, { type: 'join' }, at(20));
const cut = exampleStep(started, ANNA.playerId, { type: 'move', ...MOVE_REQUEST }, at(30));
const claimed = exampleStep(cut, BERT.playerId, { type: 'claimTimeout' }, at(95));
const rematch = exampleGame(REMATCH_ID, BERT.playerId, ANNA.playerId, [seated('forehand', BERT.playerId), seated('dealer', ANNA.playerId)], at(100), {
  rematchOf: GAME_ID,
});

// Anna challenges Bert: a game reserved for him (his stream says so; her waiting list shows it).
const challenged = exampleGame('f1b3d5e7-9a2c-4e6b-8d0f-2a4c6e8b0d13', ANNA.playerId, null, [seated('forehand', ANNA.playerId)], at(300), {
  reservedPlayerId: BERT.playerId,
});

/** Bert's own notices: Anna's challenge, and the game of the examples beginning and ending. */
export const bertsNotices = [
  ...challengeNotices(challenged.row, ANNA.playerId),
  ...gameStartNotices(started.row),
  ...noticesOf(cut, claimed),
].filter((n) => n.playerId === BERT.playerId);

/** Anna's challenge to Bert, as her waiting list shows it. */
export const challengeSummary = gameSummary(challenged.row, NAMES);

export const gameExamples = {
  /** The new game, as its creator sees it. */
  waitingView: gameView(created, 'forehand', NAMES),
  /** The game after the join, as the joiner (dealer) sees it: forehand is to cut. */
  startedView: gameView(started, 'dealer', NAMES),
  /** After the cut, as forehand sees it: her open cards, and the games she may declare. */
  declaringView: gameView(cut, 'forehand', NAMES),
  /** The finished game, as the player who claimed it sees it. */
  claimedView: gameView(claimed, 'dealer', NAMES),
  /** The rematch, seats swapped, as Anna (now dealer) sees it. */
  rematchView: gameView(rematch, 'dealer', NAMES),
  lobby: { games: [gameSummary(created.row, NAMES)], nextCursor: null },
  moveResponse: moveAnswer(started, cut, 'forehand', NAMES),
  /** The log as the dealer may read it after the cut: forehand's hand is hidden from him. */
  eventLog: { version: cut.row.version, finished: false, events: loggedEvents(cut.events, 'dealer', false) },
  // biome-ignore lint/style/noNonNullAssertion: the example game ended by a claimed timeout has its result
  record: gameRecord(claimed, claimed.state.result!, NAMES),
  /** An export of one game: its record on one line. */
  // biome-ignore lint/style/noNonNullAssertion: as above
  exportLines: `${JSON.stringify(gameRecord(claimed, claimed.state.result!, NAMES))}\n`,
  /** The start of the game's stream, as the dealer reads it. */
  stream: loggedEvents(cut.events, 'dealer', false, 2)
    .slice(0, 4)
    .map(({ seq, event }) => `id: ${seq}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`)
    .join(''),
  /** When the player to move has to move by (the DEADLINE_NOT_REACHED example). */
  // biome-ignore lint/style/noNonNullAssertion: a game past its cut is waiting for a move, which has a deadline
  deadline: gameView(cut, 'dealer', NAMES).deadline!,
  /** The state a refused move of Anna's is answered with (the VERSION_CONFLICT example). */
  conflict: { version: cut.row.version, view: gameView(cut, 'forehand', NAMES) },
  gameId: GAME_ID,
};
