// The service's randomness (never the engine's): a fresh 32-byte seed per game, cuts, seats.
import { randomBytes, randomInt } from 'node:crypto';
import { MAX_CUT, MIN_CUT } from '../engine/index.ts';
import type { Randomness } from './deps.ts';

export const cryptoRandomness: Randomness = {
  serverSeed: () => randomBytes(32).toString('hex'),
  cut: () => randomInt(MIN_CUT, MAX_CUT + 1),
  seat: () => (randomInt(2) === 0 ? 'forehand' : 'dealer'),
};
