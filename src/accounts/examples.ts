// The players of every example of the OpenAPI document, Anna and Bert, and Anna's token, signed
// as the service signs (EdDSA, RFC 7638 kid) with a key made for the examples. Other features'
// examples tell their stories with these two players and this clock.
import { createHash, createPrivateKey, createPublicKey, sign } from 'node:crypto';

export const ANNA = { playerId: '0b7e2a58-3c1d-4f6a-9e85-2d4c6b1a7f30', name: 'Anna' };
export const BERT = { playerId: '5d9c4e21-8a7b-4c3e-b1f6-7e2a9d0c8b54', name: 'Bert' };
/** Their names as the stores read them. */
export const EXAMPLE_NAMES = new Map([ANNA, BERT].map((p) => [p.playerId, { name: p.name, bot: false }]));

const T0 = Date.parse('2026-11-30T18:00:00.000Z');
/** The examples' clock: `seconds` after the first example's start. */
export const exampleAt = (seconds: number) => new Date(T0 + seconds * 1000);

const EXAMPLE_KEY = createPrivateKey({
  key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), createHash('sha256').update('offiziersskat example key').digest()]),
  format: 'der',
  type: 'pkcs8',
});
const PUBLIC_JWK = createPublicKey(EXAMPLE_KEY).export({ format: 'jwk' });
const KID = createHash('sha256').update(JSON.stringify({ crv: PUBLIC_JWK.crv, kty: PUBLIC_JWK.kty, x: PUBLIC_JWK.x })).digest('base64url');
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const ISSUED = T0 / 1000 - 60;
const TOKEN_ID = '5d1c7e3a-8b2f-4a6d-9c0e-1f3b5a7d9e21';
const EXPIRES = ISSUED + 30 * 24 * 3600;
const signingInput = `${base64url({ alg: 'EdDSA', kid: KID, typ: 'JWT' })}.${base64url({ sub: ANNA.playerId, iss: 'offiziersskat', aud: 'offiziersskat', iat: ISSUED, exp: EXPIRES, jti: TOKEN_ID, scope: 'play read', token_name: 'guest' })}`;
const TOKEN = `${signingInput}.${sign(null, Buffer.from(signingInput), EXAMPLE_KEY).toString('base64url')}`;

export const accountExamples = {
  anna: ANNA,
  me: { ...ANNA, username: null, bot: false, tokenId: TOKEN_ID, scopes: ['play', 'read', 'account'], expiresAt: new Date(EXPIRES * 1000).toISOString() },
  token: { ...ANNA, bot: false, token: TOKEN, tokenId: TOKEN_ID, expiresAt: new Date(EXPIRES * 1000).toISOString() },
  jwks: { keys: [{ ...PUBLIC_JWK, kid: KID, alg: 'EdDSA', use: 'sig' }] },
};
