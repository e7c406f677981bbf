// Password hashing: scrypt (Node's own, memory-hard, no dependency). Each hash names its
// parameters and salt ("scrypt$ln=15,r=8,p=1$<salt>$<hash>", base64url), so the cost can be raised
// later: a hash made with other parameters is made again at the next sign-in (needsRehash).
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export type ScryptParams = { logN: number; r: number; p: number };

/** 2^15 × 8 × 128 B = 32 MiB and some 100 ms of one core per hash on the benchmark machine (docs/benchmarks.md). */
export const DEFAULT_SCRYPT: ScryptParams = { logN: 15, r: 8, p: 1 };

const KEY_BYTES = 32;
const SALT_BYTES = 16;
const FORMAT = /^scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

function derive(password: string, salt: Buffer, { logN, r, p }: ScryptParams): Promise<Buffer> {
  const N = 2 ** logN;
  // scrypt needs 128·N·r bytes; Node refuses past maxmem (32 MiB by default), so leave room.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params);
  return `scrypt$ln=${params.logN},r=${params.r},p=${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

function parse(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const m = FORMAT.exec(stored);
  if (!m) return null;
  return { params: { logN: Number(m[1]), r: Number(m[2]), p: Number(m[3]) }, salt: Buffer.from(m[4], 'base64url'), key: Buffer.from(m[5], 'base64url') };
}

/** Whether `password` is the one of `stored`, compared in constant time. A hash we cannot read never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** Whether a stored hash was made with other parameters than `params` (then hash again at sign-in). */
export function needsRehash(stored: string, params: ScryptParams = DEFAULT_SCRYPT): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.params.logN !== params.logN || parsed.params.r !== params.r || parsed.params.p !== params.p;
}

/**
 * For an unknown username: a hash of the same cost is computed all the same, so a sign-in takes
 * about as long whether the username exists or not.
 */
let dummy: Promise<string> | null = null;
export async function burnPasswordCheck(password: string, params: ScryptParams = DEFAULT_SCRYPT): Promise<void> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'), params);
  const stored = await dummy;
  if (needsRehash(stored, params)) dummy = hashPassword(randomBytes(16).toString('hex'), params);
  await verifyPassword(password, stored);
}
