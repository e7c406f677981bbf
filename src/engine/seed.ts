// The seeded shuffle of docs/rules.md: SHA-256 counter stream, rejection sampling, Fisher–Yates.
// @noble/hashes is the engine's only import from outside: a pure, dependency-free SHA-256
// that runs wherever the engine does (a client re-implementing the deal needs nothing else).
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { DECK } from './cards.ts';
import type { Card } from './types.ts';

const SEED_HEX = /^[0-9a-f]{64}$/;

export function isSeedHex(x: unknown): x is string {
  return typeof x === 'string' && SEED_HEX.test(x);
}

/** hex(SHA-256(serverSeed)): published when the game is created. */
export function seedCommitment(serverSeedHex: string): string {
  return bytesToHex(sha256(hexToBytes(serverSeedHex)));
}

/**
 * The hasher of the word stream. A fresh noble hasher per block costs twice the hashing itself
 * (its buffers are allocated per instance), so one hasher is reset from a pristine one with
 * `_cloneInto`, noble's documented way to reuse an instance. Sharing it is safe: each block is
 * hashed start to end in one synchronous call.
 */
const PRISTINE = sha256.create();
const hasher = sha256.create();

/** The word stream SHA-256(seed ‖ uint32be(0)) ‖ SHA-256(seed ‖ uint32be(1)) ‖ … as uint32be. */
function wordStream(seed: Uint8Array): () => number {
  const input = new Uint8Array(seed.length + 4);
  input.set(seed, 0);
  const n = seed.length;
  let counter = 0;
  let block = new Uint8Array(0);
  let offset = 32;
  return () => {
    if (offset === 32) {
      input[n] = counter >>> 24;
      input[n + 1] = (counter >>> 16) & 0xff;
      input[n + 2] = (counter >>> 8) & 0xff;
      input[n + 3] = counter & 0xff;
      counter++;
      block = PRISTINE._cloneInto(hasher).update(input).digest();
      offset = 0;
    }
    const w = ((block[offset] << 24) | (block[offset + 1] << 16) | (block[offset + 2] << 8) | block[offset + 3]) >>> 0;
    offset += 4;
    return w;
  };
}

/**
 * For each range size n (2..32): the top sliver of the 2^32 words is rejected so that
 * `w mod n` is exactly uniform. Computed once: the float modulo behind it is slow in a loop.
 */
const ACCEPT_BELOW = Array.from({ length: 33 }, (_, n) => (n < 2 ? 0 : 2 ** 32 - (2 ** 32 % n)));

/** The shuffled deck for a server seed (before the cut). */
export function shuffle(serverSeedHex: string): Card[] {
  const next = wordStream(hexToBytes(serverSeedHex));
  const deck = DECK.slice();
  for (let i = 31; i >= 1; i--) {
    const n = i + 1;
    let w = next();
    while (w >= ACCEPT_BELOW[n]) w = next();
    const j = w % n;
    const t = deck[i];
    deck[i] = deck[j];
    deck[j] = t;
  }
  return deck;
}

export const MIN_CUT = 4;
export const MAX_CUT = 28;

/** Forehand lifts `at` cards: the deck becomes deck[at..31] ++ deck[0..at-1]. */
export function cutDeck(deck: readonly Card[], at: number): Card[] {
  return [...deck.slice(at), ...deck.slice(0, at)];
}
