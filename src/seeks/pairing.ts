// What a pairing starts: a game with both seats taken (seats drawn), or a match whose second player
// has joined (its first dealer drawn from the match seed), and what both players hear of it: the
// same as when a second player joins a waiting game or match. Pure: ids and seeds are drawn by the
// caller and handed in, so the store can write it inside the pairing's transaction.
import type { MatchRow } from '../matches/index.ts';
import type { Pairing } from './store.ts';
import { seedCommitment, type Seat } from '../engine/index.ts';
import type { DomainError } from '../platform/errors.ts';
import { gameStartNotices, bothSeated } from '../games/index.ts';
import { decideJoin, type MatchStep } from '../matches/index.ts';
import type { SeekOptions } from './pool.ts';

/** What the service draws for a pairing (games/randomness.ts): ids, seeds, the older seeker's seat. */
export interface PairingDraw {
  id: string;
  serverSeed: string;
  /** The seat of the older seek's player in a single game. */
  seat: Seat;
  /** A match's first game. */
  gameId: string;
  gameSeed: string;
}

export type { Pairing };

/** The game or match of `older`'s player and `newer`'s, both seeking `options`. */
export function decidePairing(options: SeekOptions, older: string, newer: string, draw: PairingDraw, at: Date): Pairing {
  const { config, turnSeconds, games, rated } = options;
  if (games === 1) {
    const forehand = draw.seat === 'forehand' ? older : newer;
    const dealer = forehand === older ? newer : older;
    const ids = { id: draw.id, forehandPlayerId: forehand, dealerPlayerId: dealer, matchId: null, number: null };
    return {
      kind: 'game',
      game: {
        ...ids,
        config,
        status: 'cutting',
        serverSeed: draw.serverSeed,
        seedCommitment: seedCommitment(draw.serverSeed),
        reservedPlayerId: null,
        turnSeconds,
        rated,
        createdAt: at,
        updatedAt: at,
        events: bothSeated(forehand, dealer),
        notices: gameStartNotices(ids),
      },
    };
  }
  // The match as its older seeker would have created it, joined by the newer one: the join's
  // own decision (game 1, the match's log, both players told).
  const waiting: MatchRow = {
    id: draw.id,
    config,
    games,
    turnSeconds,
    rated,
    status: 'waiting',
    version: 0,
    creatorPlayerId: older,
    opponentPlayerId: null,
    reservedPlayerId: null,
    matchSeed: draw.serverSeed,
    seedCommitment: seedCommitment(draw.serverSeed),
    createdAt: at,
    updatedAt: at,
  };
  const step = decideJoin(waiting, newer, { id: draw.gameId, serverSeed: draw.gameSeed }) as MatchStep | DomainError;
  if (!('events' in step)) throw step; // two different players and a fresh match: never refused
  return { kind: 'match', match: { ...waiting, status: step.status, version: step.events.length, opponentPlayerId: newer }, step };
}
