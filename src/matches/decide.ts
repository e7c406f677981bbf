// The match as a decider: given the match and its played games, what happens next. Pure: the
// ids and seeds a new game needs are drawn by the caller and handed in, so every step can be
// tested given → when → then, and any process computes the same step from the database.
import { seedCommitment } from '../engine/index.ts';
import type { MatchEvent, MatchRow, NewMatchGame, PlayedGame } from '../db/matches.ts';
import type { MatchStatus } from '../db/schema.ts';
import { DomainError } from '../errors.ts';
import { bothSeated } from '../games/seating.ts';
import { scoreSheet, seatsOfGame, type Sheet, type SheetRow } from './sheet.ts';

/** What a new game of the match gets from outside: an id and a fresh 32-byte seed. */
export interface Draw {
  id: string;
  serverSeed: string;
}

/** One step of the match: its events, its status after them, and the game it starts (if any). */
export interface MatchStep {
  events: MatchEvent[];
  status: MatchStatus;
  game?: NewMatchGame;
  /** A join: the player taking the free slot. */
  opponentPlayerId?: string;
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

/** The second player takes the free slot: game 1 starts. */
export function decideJoin(match: MatchRow, playerId: string, draw: Draw): MatchStep | DomainError {
  if (match.creatorPlayerId === playerId || match.opponentPlayerId === playerId)
    return new DomainError('ALREADY_IN_MATCH', 'you already play in this match');
  if (match.opponentPlayerId !== null) return new DomainError('MATCH_FULL', 'both player slots are taken');
  if (match.reservedPlayerId && match.reservedPlayerId !== playerId)
    return new DomainError('SEAT_RESERVED', 'the free slot is reserved for another player');
  const game = matchGame({ ...match, opponentPlayerId: playerId }, 1, draw);
  return { events: [gameStarted(game)], status: 'playing', game, opponentPlayerId: playerId };
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
  const number = last.row.number!;
  const finished = gameFinished(sheet.rows.at(-1)!);
  if (number < match.games) {
    const game = matchGame(match, number + 1, draw);
    return { events: [finished, gameStarted(game)], status: 'playing', game };
  }
  // The sheet counts a match whose every game has a result as finished: a winner or a draw.
  return { events: [finished, matchFinished(sheet, match.matchSeed)], status: 'finished' };
}
