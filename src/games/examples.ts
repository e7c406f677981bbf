// The examples of the OpenAPI document, made by the service's own code: one classic game between
// Anna and Bert, played through the games layer's pure deciders and read models from a fixed
// seed and a fixed clock. So every view, event and record shown is one the service would send,
// and the move example is a move the service accepts in the situation it shows.
import { createHash, createPrivateKey, createPublicKey, sign } from 'node:crypto';
import type { GameRow } from './store.ts';
import type { MatchEvent, MatchRow, NewMatchGame, PlayedGame } from '../matches/store.ts';
import { DEFAULT_CONFIG, seedCommitment, type GameEvent, type Move } from '../engine/index.ts';
import { DomainError } from '../platform/errors.ts';
import { decideCommand, type GameCommand } from './commands.ts';
import { gameOf, statusOf, type Game } from './game.ts';
import { seated } from './seating.ts';
import { challengeNotices, gameStartNotices, noticesOf } from './notices.ts';
import { gameRecord, gameSummary, gameView, loggedEvents, moveAnswer } from './view.ts';
import { decideJoin, decideNext, type MatchStep } from '../matches/decide.ts';
import { matchSummary, matchView } from '../matches/view.ts';

export const ANNA = { playerId: '0b7e2a58-3c1d-4f6a-9e85-2d4c6b1a7f30', name: 'Anna' };
export const BERT = { playerId: '5d9c4e21-8a7b-4c3e-b1f6-7e2a9d0c8b54', name: 'Bert' };
const NAMES = new Map([ANNA, BERT].map((p) => [p.playerId, { name: p.name, bot: false }]));

const GAME_ID = '8c1f6a3e-2b4d-4e7f-a9c0-3d5e7f9a1b2c';
const REMATCH_ID = 'e4a7c2d9-6f1b-4a8e-b3c5-9d0e2f4a6b81';
const SEED = '9f2c4e6a8b0d1f3a5c7e9b2d4f6a8c0e1b3d5f7a9c2e4b6d8f0a1c3e5b7d9f2a';
const T0 = Date.parse('2026-11-30T18:00:00.000Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000);

/** The cut of the examples: forehand lifts 17 cards at version 2 of a fresh game. */
export const MOVE_REQUEST = { move: { type: 'cut', at: 17 } satisfies Move, expectedVersion: 2 };

function newGame(id: string, forehand: string | null, dealer: string | null, events: GameEvent[], when: Date, extra: Partial<GameRow> = {}): Game {
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
function step(game: Game, playerId: string, command: GameCommand, when: Date): Game {
  const decision = decideCommand(game, playerId, command, when);
  if (decision instanceof DomainError) throw new Error(`example: ${decision.code} ${decision.detail}`);
  const events = [...game.events, ...decision.events];
  const row = { ...game.row, ...decision.patch, version: events.length, updatedAt: when };
  const next = gameOf(row, events);
  return { ...next, row: { ...row, status: statusOf(row, next.state) } };
}

// Anna creates the game as forehand (a minute per move), Bert joins, Anna cuts; Bert waits in
// vain for her declaration and claims the game after the deadline.
const created = newGame(GAME_ID, ANNA.playerId, null, [seated('forehand', ANNA.playerId)], at(0));
const started = step(created, BERT.playerId, { type: 'join' }, at(20));
const cut = step(started, ANNA.playerId, { type: 'move', ...MOVE_REQUEST }, at(30));
const claimed = step(cut, BERT.playerId, { type: 'claimTimeout' }, at(95));
const rematch = newGame(REMATCH_ID, BERT.playerId, ANNA.playerId, [seated('forehand', BERT.playerId), seated('dealer', ANNA.playerId)], at(100), {
  rematchOf: GAME_ID,
});

// Anna challenges Bert: a game reserved for him (his stream says so; her waiting list shows it).
const challenged = newGame('f1b3d5e7-9a2c-4e6b-8d0f-2a4c6e8b0d13', ANNA.playerId, null, [seated('forehand', ANNA.playerId)], at(300), {
  reservedPlayerId: BERT.playerId,
});

// A match of six games between the two: Bert joins, Bert (forehand in game 1) resigns it after the
// cut, and game 2 starts.
const MATCH_SEED = '3e5a7c9e1b3d5f7a2c4e6b8d0f1a3c5e7b9d2f4a6c8e0b1d3f5a7c9e2b4d6f8a';
const matchCreated: MatchRow = {
  id: '2a4c6e8b-1d3f-4a5c-8e7b-9d1f3a5c7e90',
  config: { ...DEFAULT_CONFIG, scoring: 'simple' },
  games: 6,
  turnSeconds: 60,
  rated: false,
  status: 'waiting',
  version: 0,
  creatorPlayerId: ANNA.playerId,
  opponentPlayerId: null,
  reservedPlayerId: null,
  matchSeed: MATCH_SEED,
  seedCommitment: seedCommitment(MATCH_SEED),
  createdAt: at(200),
  updatedAt: at(200),
};
const matchLog: MatchEvent[] = [];
function matchStep(match: MatchRow, decided: MatchStep | DomainError | null, when: Date): { match: MatchRow; game: Game } {
  if (!decided || decided instanceof DomainError || !decided.game) throw new Error('example: the match did not go on');
  matchLog.push(...decided.events);
  const next = { ...match, opponentPlayerId: decided.opponentPlayerId ?? match.opponentPlayerId, status: decided.status, version: matchLog.length, updatedAt: when };
  const g: NewMatchGame = decided.game;
  const game = newGame(g.id, g.forehandPlayerId, g.dealerPlayerId, g.events, when, {
    config: match.config,
    serverSeed: g.serverSeed,
    seedCommitment: g.seedCommitment,
    matchId: match.id,
    number: g.number,
    turnSeconds: match.turnSeconds,
  });
  return { match: next, game };
}
const joined = matchStep(matchCreated, decideJoin(matchCreated, BERT.playerId, { id: '7b9d1f3a-5c7e-4b2d-9f4a-6c8e0a2b4d61', serverSeed: SEED }), at(210));
// biome-ignore lint/style/noNonNullAssertion: the example game was joined, so it has a forehand
const game1 = step(joined.game, joined.game.row.forehandPlayerId!, { type: 'move', move: { type: 'resign' } }, at(240));
const played1: PlayedGame[] = [{ row: game1.row, result: game1.state.result }];
const second = matchStep(joined.match, decideNext(joined.match, played1, { id: 'c3e5a7c9-0b2d-4f6a-8c1e-3a5c7e9b1d42', serverSeed: MATCH_SEED }), at(240));
const played2: PlayedGame[] = [...played1, { row: second.game.row, result: null }];

// Anna's token, signed as the service signs (EdDSA, RFC 7638 kid) with a key made for the examples.
const EXAMPLE_KEY = createPrivateKey({
  key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), createHash('sha256').update('offiziersskat example key').digest()]),
  format: 'der',
  type: 'pkcs8',
});
const PUBLIC_JWK = createPublicKey(EXAMPLE_KEY).export({ format: 'jwk' });
const KID = createHash('sha256').update(JSON.stringify({ crv: PUBLIC_JWK.crv, kty: PUBLIC_JWK.kty, x: PUBLIC_JWK.x })).digest('base64url');
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const ISSUED = T0 / 1000 - 60;
const TOKEN_ID = '5d1c7e3a-8b2f-4a6d-9c0e-1f3b5a7d9e21';
const EXPIRES = ISSUED + 30 * 24 * 3600;
const signingInput = `${base64url({ alg: 'EdDSA', kid: KID, typ: 'JWT' })}.${base64url({ sub: ANNA.playerId, iss: 'offiziersskat', aud: 'offiziersskat', iat: ISSUED, exp: EXPIRES, jti: TOKEN_ID, scope: 'play read', token_name: 'guest' })}`;
const TOKEN = `${signingInput}.${sign(null, Buffer.from(signingInput), EXAMPLE_KEY).toString('base64url')}`;

/** Bert's own stream: Anna's challenge, and the game of the examples beginning and ending. */
const bertsEvents = [
  ...challengeNotices(challenged.row, ANNA.playerId),
  ...gameStartNotices(started.row),
  ...noticesOf(cut, claimed),
].filter((n) => n.playerId === BERT.playerId);

/** Anna's rating in the classic variant after three rated games, and its points. */
const RATED_GAMES = ['3f5b7d9e-1a2c-4e6f-8b0d-2c4e6a8b0d21', '4a6c8e0b-2d4f-4a6c-9e1b-3d5f7a9c1e32', '5b7d9f1c-3e5a-4b7d-8f2c-4e6a8b0d2f43'];
const RATING_POINTS = [
  { rating: 1662.3, rd: 290.3, volatility: 0.059999 },
  { rating: 1583.9, rd: 249.8, volatility: 0.059998 },
  { rating: 1679.4, rd: 222.9, volatility: 0.059998 },
];
const ratingHistoryExample = {
  items: RATED_GAMES.map((gameId, i) => ({ gameId, at: at(1000 + 600 * i).toISOString(), ...RATING_POINTS[i] })),
};
const annasRatings = { classic: { ...RATING_POINTS[2], games: 3, provisional: true } };

export const examples = {
  ratings: {
    history: ratingHistoryExample,
    leaderboard: {
      items: [
        { rank: 1, playerId: BERT.playerId, name: BERT.name, bot: false, rating: 1873.5, rd: 64.2, games: 212 },
        { rank: 2, playerId: ANNA.playerId, name: ANNA.name, bot: false, rating: 1702.1, rd: 58.9, games: 340 },
      ],
      nextCursor: null,
    },
    ratingChanged: {
      type: 'ratingChanged' as const,
      gameId: RATED_GAMES[2],
      variant: 'classic' as const,
      before: 1584,
      after: 1679,
      rd: 222.9,
      games: 3,
      provisional: true,
    },
  },
  players: {
    anna: ANNA,
    profile: { ...ANNA, bot: false, username: 'anna', ratings: annasRatings },
    me: { ...ANNA, username: null, bot: false, tokenId: TOKEN_ID, scopes: ['play', 'read'], expiresAt: new Date(EXPIRES * 1000).toISOString() },
    /** Anna's waiting games and matches: her challenge to Bert, her open match. */
    waiting: {
      entries: [
        { kind: 'game' as const, ...gameSummary(challenged.row, NAMES) },
        { kind: 'match' as const, ...matchSummary(matchCreated, NAMES) },
      ],
      nextCursor: null,
    },
    stream: bertsEvents.map(({ event }, i) => `id: ${i + 1}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`).join(''),
    token: { ...ANNA, bot: false, token: TOKEN, tokenId: TOKEN_ID, expiresAt: new Date(EXPIRES * 1000).toISOString() },
    jwks: { keys: [{ ...PUBLIC_JWK, kid: KID, alg: 'EdDSA', use: 'sig' }] },
  },
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
  createMatch: { games: 6, scoring: 'simple', turnSeconds: 60 },
  /** The new match, waiting for its second player. */
  waitingMatch: matchView(matchCreated, [], NAMES),
  matchLobby: { matches: [matchSummary(matchCreated, NAMES)], nextCursor: null },
  /** The match just joined: game 1 started. */
  joinedMatch: matchView(joined.match, [{ row: joined.game.row, result: null }], NAMES),
  /** The match in its second game, game 1 on the sheet. */
  playingMatch: matchView(second.match, played2, NAMES),
  matchEventLog: { version: matchLog.length, finished: false, events: matchLog.map((event, i) => ({ seq: i + 1, event })) },
  matchStream: matchLog.map((event, i) => `id: ${i + 1}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`).join(''),
  matchId: matchCreated.id,
};
