// Helpers for match, deadline and rematch tests: a clock the test moves, and a game played to
// its end through HTTP with the moves each view offers.
import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import type { Seat } from '../../src/engine/index.ts';
import { rng, type Client, type TestPlayer } from './service.ts';

/** The service clock: real time plus a skew the test moves forward. */
export function testClock() {
  let skewMs = 0;
  return {
    now: () => new Date(Date.now() + skewMs),
    advance(seconds: number) {
      skewMs += seconds * 1000;
    },
  };
}

/** The players of a game view by seat, from a pool of known players. */
export function bySeat(view: { players: Record<Seat, { playerId: string } | null> }, pool: TestPlayer[]): Record<Seat, TestPlayer> {
  const find = (seat: Seat) => pool.find((p) => p.playerId === view.players[seat]?.playerId)!;
  return { forehand: find('forehand'), dealer: find('dealer') };
}

/** Plays a started game to its end with random legal moves (never resigning); returns the final view. */
export async function playToEnd(client: Client, gameId: string, pool: TestPlayer[], seed: number) {
  const pick = rng(seed);
  let current = (await client.view(gameId).expect(200)).body;
  const seats = bySeat(current, pool);
  while (current.status !== 'finished') {
    const player = seats[current.toMove as Seat];
    const mine = (await client.view(gameId, player).expect(200)).body;
    const moves = mine.legalMoves.filter((m: { type: string }) => m.type !== 'resign');
    const move = moves[pick(moves.length)];
    const res = await client.move(gameId, player, move, { expectedVersion: mine.version });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    current = res.body.view;
  }
  return current;
}

/** The first dealer's index in `players` as the match documents it: low bit of SHA-256(seed ‖ "dealer"). */
export function firstDealerIndex(matchSeedHex: string): number {
  const digest = createHash('sha256').update(Buffer.from(matchSeedHex, 'hex')).update('dealer').digest();
  return digest[31] & 1;
}

export const sha256Hex = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');
