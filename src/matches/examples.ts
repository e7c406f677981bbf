// The examples of the matches' operations: a match of six games between Anna and Bert. Bert joins,
// Bert (forehand in game 1) resigns it after the cut, and game 2 starts. Made by the matches'
// pure deciders and read models over the games' examples.
import { ANNA, BERT, EXAMPLE_NAMES as NAMES, exampleAt as at } from '../accounts/index.ts';
import { DEFAULT_CONFIG, seedCommitment } from '../engine/index.ts';
import { EXAMPLE_SEED as SEED, exampleGame, exampleStep, type Game } from '../games/index.ts';
import { DomainError } from '../platform/errors.ts';
import { decideJoin, decideNext, type MatchStep } from './decide.ts';
import type { MatchEvent, NewMatchGame } from './queries.ts';
import type { PlayedGame } from './store.ts';
import type { MatchRow } from './tables.ts';
import { matchSummary, matchView } from './view.ts';

const MATCH_SEED = '3e5a7c9e1b3d5f7a2c4e6b8d0f1a3c5e7b9d2f4a6c8e0b1d3f5a7c9e2b4d6f8a';
export const matchCreated: MatchRow = {
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
  const game = exampleGame(g.id, g.forehandPlayerId, g.dealerPlayerId, g.events, when, {
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
const game1 = exampleStep(joined.game, joined.game.row.forehandPlayerId!, { type: 'move', move: { type: 'resign' } }, at(240));
const played1: PlayedGame[] = [{ row: game1.row, result: game1.state.result }];
const second = matchStep(joined.match, decideNext(joined.match, played1, { id: 'c3e5a7c9-0b2d-4f6a-8c1e-3a5c7e9b1d42', serverSeed: MATCH_SEED }), at(240));
const played2: PlayedGame[] = [...played1, { row: second.game.row, result: null }];

export const matchExamples = {
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

/** Anna's open match, as her waiting list shows it. */
export const waitingMatchSummary = matchSummary(matchCreated, NAMES);
