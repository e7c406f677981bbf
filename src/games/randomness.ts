// The service's randomness (never the engine's): a fresh 32-byte seed per game and per match, a
// cut when the client leaves it open, a seat when the creator does not choose one.
import { randomBytes, randomInt } from 'node:crypto';
import { MAX_CUT, MIN_CUT, type Seat } from '../engine/index.ts';

export interface Randomness {
  serverSeed(): string;
  cut(): number;
  seat(): Seat;
}

export const cryptoRandomness: Randomness = {
  serverSeed: () => randomBytes(32).toString('hex'),
  cut: () => randomInt(MIN_CUT, MAX_CUT + 1),
  seat: () => (randomInt(2) === 0 ? 'forehand' : 'dealer'),
};
