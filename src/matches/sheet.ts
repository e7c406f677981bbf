// The score sheet (Skatliste) of a match and who deals which game: pure functions of the match
// row and its played games, so every process computes the same sheet from the database.
// biome-ignore-all lint/style/noNonNullAssertion: a match's games are created with their number and both seats filled (the columns are nullable only for games outside a match)
import { createHash } from 'node:crypto';
import type { GameType, Result, Seat } from '../engine/index.ts';
import type { ByPlayer } from './queries.ts';
import type { PlayedGame } from './store.ts';
import type { MatchRow } from './tables.ts';
import type { GameStatus } from '../games/index.ts';

/**
 * The first dealer is drawn with the match's committed seed: the lowest bit of
 * SHA-256(matchSeed ‖ "dealer") (the seed's 32 bytes, then the 6 ASCII bytes of "dealer";
 * the bit is the last byte of the digest & 1). 0: the creator deals game 1; 1: the opponent.
 * Anyone can check it against `matchSeedCommitment` once the seed is revealed.
 */
export function firstDealerIndex(matchSeedHex: string): 0 | 1 {
  const digest = createHash('sha256').update(Buffer.from(matchSeedHex, 'hex')).update('dealer', 'ascii').digest();
  return (digest[31] & 1) as 0 | 1;
}

/** Dealer and forehand (player ids) of game `number` (1-based): the dealer alternates. */
export function seatsOfGame(match: MatchRow, number: number): { dealer: string; forehand: string } {
  const players = [match.creatorPlayerId, match.opponentPlayerId ?? ''];
  const dealer = (firstDealerIndex(match.matchSeed) + number - 1) % 2;
  return { dealer: players[dealer], forehand: players[1 - dealer] };
}

export const matchPlayerIds = (match: MatchRow): string[] =>
  match.opponentPlayerId ? [match.creatorPlayerId, match.opponentPlayerId] : [match.creatorPlayerId];

/** A game's result on the sheet: the engine's, with player ids where the engine names seats. */
export type SheetResult = Omit<Result, 'declarer' | 'game' | 'value' | 'scores' | 'resigned' | 'timedOut'> & {
  /** Player ids of who gave up or ran out of time. */
  resigned: string | null;
  timedOut: string | null;
};

export interface SheetRow {
  number: number;
  gameId: string;
  status: GameStatus;
  dealer: string;
  forehand: string;
  declarer: string | null;
  game: GameType | null;
  result: SheetResult | null;
  /** The game's value as scored (the engine's `Result.value`); the signed figures are `points`. */
  value: number | null;
  /** What is written in each player's column for this game. */
  points: ByPlayer | null;
  /** Running totals after this game. */
  totals: ByPlayer | null;
}

export interface Sheet {
  rows: SheetRow[];
  totals: ByPlayer;
  /** Once the match is finished: the player with the higher total, or null on a draw. */
  winner: string | null;
  draw: boolean;
}

const zero = (ids: string[]): ByPlayer => Object.fromEntries(ids.map((id) => [id, 0]));

export function scoreSheet(match: MatchRow, played: readonly PlayedGame[]): Sheet {
  const ids = matchPlayerIds(match);
  const totals = zero(ids);
  const rows = played.map(({ row, result }): SheetRow => {
    const playerAt = (seat: Seat | null) =>
      seat === null ? null : seat === 'forehand' ? row.forehandPlayerId! : row.dealerPlayerId!;
    const base = {
      number: row.number!,
      gameId: row.id,
      status: row.status,
      dealer: row.dealerPlayerId!,
      forehand: row.forehandPlayerId!,
    };
    if (!result) return { ...base, declarer: null, game: null, result: null, value: null, points: null, totals: null };
    const points: ByPlayer = zero(ids);
    for (const seat of ['forehand', 'dealer'] as const) points[playerAt(seat)!] += result.scores[seat];
    for (const id of ids) totals[id] += points[id];
    return {
      ...base,
      declarer: playerAt(result.declarer),
      game: result.game,
      result: {
        won: result.won,
        draw: result.draw,
        end: result.end,
        declarerPoints: result.declarerPoints,
        defenderPoints: result.defenderPoints,
        schneider: result.schneider,
        schwarz: result.schwarz,
        matadors: result.matadors,
        multiplier: result.multiplier,
        kontra: result.kontra,
        re: result.re,
        overbid: result.overbid,
        durchmarsch: result.durchmarsch,
        passedIn: result.passedIn,
        resigned: playerAt(result.resigned),
        timedOut: playerAt(result.timedOut),
      },
      value: result.value,
      points,
      totals: { ...totals },
    };
  });
  const finished = match.status === 'finished' || (rows.length === match.games && rows.every((r) => r.result));
  const [a, b] = ids;
  const draw = finished && b !== undefined && totals[a] === totals[b];
  const winner = finished && b !== undefined && !draw ? (totals[a] > totals[b] ? a : b) : null;
  return { rows, totals, winner, draw };
}
