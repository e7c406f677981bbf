// The match as a decider: given the match and its played games, what happens next. Pure: the
// ids and seeds a new game needs are drawn by the caller and handed in, so every step can be
// tested given → when → then, and any process computes the same step from the database.
import { seedCommitment, type CancelReason } from '../engine/index.ts';
import type { PlayerNotice } from '../platform/streams/player-events.ts';
import { gameStartNotices, bothSeated } from '../games/index.ts';
import type { MatchEvent, NewMatchGame } from './queries.ts';
import type { PlayedGame } from './store.ts';
import type { MatchRow } from './tables.ts';
import type { MatchStatus } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import { matchPlayerIds, scoreSheet, seatsOfGame, type Sheet, type SheetRow } from './sheet.ts';

/** What a new game of the match gets from outside: an id and a fresh 32-byte seed. */
export interface Draw {
  id: string;
  serverSeed: string;
}

/** One step of the match: its events, its status after them, the game it starts, what the players hear. */
export interface MatchStep {
  events: MatchEvent[];
  status: MatchStatus;
  game?: NewMatchGame;
  /** A join: the player taking the free slot. */
  opponentPlayerId?: string;
  /** For the players' own streams. */
  notices: PlayerNotice[];
}

/** Game `number` of the match: its own seed, the dealer alternating, both seated from the start. */
export function matchGame(match: MatchRow, number: number, draw: Draw): NewMatchGame {
  const seats = seatsOfGame(match, number);
  return {
    id: draw.id,
    number,
    serverSeed: draw.serverSeed,
    seedCommitment: seedCommitment(draw.serverSeed),
    forehandPlayerId: seats.forehand,
    dealerPlayerId: seats.dealer,
    events: bothSeated(seats.forehand, seats.dealer),
  };
}

const gameStarted = (game: NewMatchGame): MatchEvent => ({
  type: 'gameStarted',
  number: game.number,
  gameId: game.id,
  dealer: game.dealerPlayerId,
  forehand: game.forehandPlayerId,
});

function gameFinished(row: SheetRow): MatchEvent {
  return {
    type: 'gameFinished',
    number: row.number,
    gameId: row.gameId,
    declarer: row.declarer,
    game: row.game,
    won: row.result ? row.result.won : false,
    draw: row.result?.draw ?? false,
    end: row.result?.end ?? 'played',
    passedIn: row.result?.passedIn ?? false,
    value: row.value ?? 0,
    points: row.points ?? {},
    totals: row.totals ?? {},
  };
}

const matchFinished = (sheet: Sheet, matchSeed: string): MatchEvent => ({
  type: 'matchFinished',
  totals: sheet.totals,
  winner: sheet.winner,
  draw: sheet.draw,
  matchSeed,
});

/** The game's players hear it has begun. */
const gameStartOf = (match: MatchRow, game: NewMatchGame) =>
  gameStartNotices({ id: game.id, forehandPlayerId: game.forehandPlayerId, dealerPlayerId: game.dealerPlayerId, matchId: match.id, number: game.number });

/** The reserved opponent of a new match hears of the challenge. */
export function challengeNotices(match: Pick<MatchRow, 'id' | 'reservedPlayerId' | 'config' | 'games' | 'turnSeconds' | 'rated'>, creator: string): PlayerNotice[] {
  if (!match.reservedPlayerId) return [];
  return [
    {
      playerId: match.reservedPlayerId,
      event: { type: 'challenge', kind: 'match', id: match.id, from: creator, config: match.config, games: match.games, turnSeconds: match.turnSeconds, rated: match.rated },
    },
  ];
}

/** The second player takes the free slot: game 1 starts. */
export function decideJoin(match: MatchRow, playerId: string, draw: Draw): MatchStep | DomainError {
  if (match.status === 'cancelled') return new DomainError('MATCH_CANCELLED', 'the match was called off before it began');
  if (match.creatorPlayerId === playerId || match.opponentPlayerId === playerId)
    return new DomainError('ALREADY_IN_MATCH', 'you already play in this match');
  if (match.opponentPlayerId !== null) return new DomainError('MATCH_FULL', 'both player slots are taken');
  if (match.reservedPlayerId && match.reservedPlayerId !== playerId)
    return new DomainError('SEAT_RESERVED', 'the free slot is reserved for another player');
  const game = matchGame({ ...match, opponentPlayerId: playerId }, 1, draw);
  const matchStart = (self: string, opponent: string): PlayerNotice => ({
    playerId: self,
    event: { type: 'matchStart', matchId: match.id, opponent, games: match.games },
  });
  return {
    events: [gameStarted(game)],
    status: 'playing',
    game,
    opponentPlayerId: playerId,
    notices: [matchStart(match.creatorPlayerId, playerId), matchStart(playerId, match.creatorPlayerId), ...gameStartOf(match, game)],
  };
}

const alreadyOff = (): MatchStep => ({ events: [], status: 'cancelled', notices: [] });

/** What the players of a match called off hear. */
function calledOff(match: MatchRow, by: string | null, reason: CancelReason): MatchStep {
  const told = [match.creatorPlayerId, ...(match.reservedPlayerId ? [match.reservedPlayerId] : [])];
  return {
    events: [{ type: 'matchCancelled', by, reason }],
    status: 'cancelled',
    notices: told.map((playerId) => ({
      playerId,
      event:
        reason === 'declined'
          // biome-ignore lint/style/noNonNullAssertion: a declined challenge names who declined it
          ? { type: 'challengeDeclined', kind: 'match', id: match.id, by: by! }
          : { type: 'challengeCancelled', kind: 'match', id: match.id, by, reason },
    })),
  };
}

const matchStarted = () => new DomainError('MATCH_STARTED', 'the match has begun: it can no longer be called off or declined');

/** Its creator calls a waiting match off (again: nothing changes). */
export function decideCancel(match: MatchRow, playerId: string): MatchStep | DomainError {
  if (match.creatorPlayerId !== playerId) return new DomainError('NOT_YOUR_MATCH', 'only the creator of a match calls it off');
  if (match.status === 'cancelled') return alreadyOff();
  if (match.status !== 'waiting') return matchStarted();
  return calledOff(match, playerId, 'cancelled');
}

/** The player a waiting match is reserved for declines it: the match is called off. */
export function decideDecline(match: MatchRow, playerId: string): MatchStep | DomainError {
  if (match.reservedPlayerId !== playerId) return new DomainError('NOT_YOUR_CHALLENGE', 'only the player this match is reserved for declines it');
  if (match.status === 'cancelled') return alreadyOff();
  if (match.status !== 'waiting') return matchStarted();
  return calledOff(match, playerId, 'declined');
}

/** Nobody joined in time: a waiting match expires (any other stays as it is). */
export function decideExpiry(match: MatchRow): MatchStep | null {
  return match.status === 'waiting' ? calledOff(match, null, 'expired') : null;
}

/**
 * The step a playing match is due for once its last game has finished: that game onto the sheet,
 * then the next game (started here) or the end of the match. Null when no step is due.
 */
export function decideNext(match: MatchRow, played: readonly PlayedGame[], draw: Draw): MatchStep | null {
  if (match.status !== 'playing') return null;
  const last = played.at(-1);
  if (!last?.result) return null;
  const sheet = scoreSheet(match, played);
  // biome-ignore lint/style/noNonNullAssertion: a match's games are created with their number
  const number = last.row.number!;
  // biome-ignore lint/style/noNonNullAssertion: scoreSheet has a row per played game, and `last` is one
  const finished = gameFinished(sheet.rows.at(-1)!);
  if (number < match.games) {
    const game = matchGame(match, number + 1, draw);
    return { events: [finished, gameStarted(game)], status: 'playing', game, notices: gameStartOf(match, game) };
  }
  // The sheet counts a match whose every game has a result as finished: a winner or a draw.
  const notices: PlayerNotice[] = matchPlayerIds(match).map((playerId) => ({
    playerId,
    event: { type: 'matchFinish', matchId: match.id, winner: sheet.winner, draw: sheet.draw, totals: sheet.totals },
  }));
  return { events: [finished, matchFinished(sheet, match.matchSeed)], status: 'finished', notices };
}
