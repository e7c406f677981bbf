// fast-check arbitraries shared by the engine's property tests: a game's options and its seed.
import fc from 'fast-check';
import { DEFAULT_CONFIG, type Config, type Scoring, type Variant } from '../../src/engine/index.ts';

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** A server seed: 32 random bytes as 64 hex digits. */
export const seedArbitrary: fc.Arbitrary<string> = fc.uint8Array({ minLength: 32, maxLength: 32 }).map(hex);

/** The options of a game of this variant and scoring, the others drawn. */
export const configArbitrary = (variant: Variant, scoring: Scoring): fc.Arbitrary<Config> =>
  fc
    .record({ spitzen: fc.boolean(), kontra: fc.boolean(), ramschTrumps: fc.constantFrom('jacks' as const, 'none' as const) })
    .map((c) => ({ ...DEFAULT_CONFIG, ...c, variant, scoring }));
