// What a change to a game tells its players on their own streams: a pure function of the game
// before and after it (and of a new game, for the ways games begin).
import type { GameRow } from './tables.ts';
import type { PlayerNotice } from '../platform/streams/player-events.ts';
import type { Seat } from '../engine/index.ts';
import { statusOf, type Game } from './game.ts';

const SEATS: Seat[] = ['forehand', 'dealer'];
const playerAt = (row: Pick<GameRow, 'forehandPlayerId' | 'dealerPlayerId'>, seat: Seat) => (seat === 'forehand' ? row.forehandPlayerId : row.dealerPlayerId);

/** Both players of a game that has just begun (both seats taken). */
export function gameStartNotices(row: Pick<GameRow, 'id' | 'forehandPlayerId' | 'dealerPlayerId' | 'matchId' | 'number'>): PlayerNotice[] {
  const out: PlayerNotice[] = [];
  for (const seat of SEATS) {
    const playerId = playerAt(row, seat);
    const opponent = playerAt(row, seat === 'forehand' ? 'dealer' : 'forehand');
    if (playerId && opponent)
      out.push({ playerId, event: { type: 'gameStart', gameId: row.id, seat, opponent, matchId: row.matchId ?? null, number: row.number ?? null } });
  }
  return out;
}

/** The reserved opponent of a new game hears of the challenge. */
export function challengeNotices(row: Pick<GameRow, 'id' | 'reservedPlayerId' | 'config' | 'turnSeconds' | 'rated'>, creator: string): PlayerNotice[] {
  if (!row.reservedPlayerId) return [];
  return [
    {
      playerId: row.reservedPlayerId,
      event: { type: 'challenge', kind: 'game', id: row.id, from: creator, config: row.config, games: null, turnSeconds: row.turnSeconds ?? null, rated: row.rated },
    },
  ];
}

/** What the change from `before` to `after` tells the players: the game began, ended, or was called off. */
export function noticesOf(before: Game, after: Game): PlayerNotice[] {
  const notices: PlayerNotice[] = [];
  if (statusOf(before.row, before.state) === 'waiting' && statusOf(after.row, after.state) !== 'waiting' && after.state.phase !== 'cancelled')
    notices.push(...gameStartNotices(after.row));
  for (const event of after.events.slice(before.events.length)) {
    if (event.type === 'finished') {
      for (const seat of SEATS) {
        const playerId = playerAt(after.row, seat);
        if (playerId)
          notices.push({
            playerId,
            event: { type: 'gameFinish', gameId: after.row.id, seat, matchId: after.row.matchId ?? null, number: after.row.number ?? null, result: event.result },
          });
      }
    }
    if (event.type === 'cancelled') {
      const told = new Set([after.row.forehandPlayerId, after.row.dealerPlayerId, after.row.reservedPlayerId ?? before.row.reservedPlayerId]);
      for (const playerId of told) {
        if (!playerId) continue;
        notices.push({
          playerId,
          event:
            event.reason === 'declined'
              // biome-ignore lint/style/noNonNullAssertion: a declined challenge names who declined it
              ? { type: 'challengeDeclined', kind: 'game', id: after.row.id, by: event.by! }
              : { type: 'challengeCancelled', kind: 'game', id: after.row.id, by: event.by, reason: event.reason },
        });
      }
    }
  }
  return notices;
}
