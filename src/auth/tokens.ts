import { SignJWT, createRemoteJWKSet, decodeJwt, errors, jwtVerify, type JSONWebKeySet, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { KeySourceUnavailable, fail, verifyFailure, type VerifyFailure } from './failure.ts';
import { SIGNING_ALG, importSigningKey, type SigningKeyPair, type SigningKeyRecord } from './keys.ts';
import type { Principal } from './principal.ts';

export type ExternalProvider = { jwksUrl: string; issuer: string; audience: string };

export type TokenServiceOptions = {
  key: SigningKeyRecord;
  issuer: string;
  audience: string;
  ttlSeconds: number;
  external?: ExternalProvider;
  /** Injectable clock, for tests. */
  now?: () => Date;
};

export type IssuedToken = { token: string; expiresAt: Date };
export type VerifyResult = { ok: true; principal: Principal } | VerifyFailure;

/** Asymmetric only: HS* would let anyone holding a public key forge tokens, and `none` is no signature at all. */
const EXTERNAL_ALGS = ['RS256', 'ES256', 'EdDSA'];
/** Tolerates small clock skew between us, other server processes and the external provider. */
const CLOCK_TOLERANCE_SECONDS = 5;
/** How many verified own tokens one process remembers. */
const VERIFIED_MAX = 10_000;

/** Issues our own guest tokens and verifies ours plus, if configured, an external provider's. */
export class TokenService {
  readonly #key: SigningKeyRecord;
  readonly #keys: Promise<SigningKeyPair>;
  readonly #issuer: string;
  readonly #audience: string;
  readonly #ttlSeconds: number;
  readonly #external: (ExternalProvider & { keySet: JWTVerifyGetKey }) | undefined;
  readonly #now: () => Date;
  /** Own tokens verified before (an Ed25519 check per request is most of auth's cost). */
  readonly #verified = new Map<string, { playerId: string; exp: number; nbf: number | undefined }>();

  constructor(options: TokenServiceOptions) {
    if (!Number.isInteger(options.ttlSeconds) || options.ttlSeconds <= 0) {
      throw new Error('ttlSeconds must be a positive integer');
    }
    if (options.external && options.external.issuer === options.issuer) {
      // Tokens are routed by issuer, so a shared issuer would make one of the two unverifiable.
      throw new Error('the external issuer must differ from our own issuer');
    }
    this.#key = options.key;
    this.#keys = importSigningKey(options.key);
    // Keep a rejected import from surfacing as an unhandled rejection; issue/verify still see it.
    this.#keys.catch(() => {});
    this.#issuer = options.issuer;
    this.#audience = options.audience;
    this.#ttlSeconds = options.ttlSeconds;
    this.#now = options.now ?? (() => new Date());
    // One remote key set for the service's lifetime: jose caches the fetched keys inside it.
    this.#external = options.external && {
      ...options.external,
      keySet: remoteKeySet(options.external.jwksUrl),
    };
  }

  async issue(playerId: string): Promise<IssuedToken> {
    if (playerId.length === 0) throw new Error('playerId must not be empty');
    const { privateKey } = await this.#keys;
    const issuedAt = Math.floor(this.#now().getTime() / 1000);
    const expiresAt = new Date((issuedAt + this.#ttlSeconds) * 1000);
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: SIGNING_ALG, kid: this.#key.id, typ: 'JWT' })
      .setSubject(playerId)
      .setIssuer(this.#issuer)
      .setAudience(this.#audience)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(privateKey);
    return { token, expiresAt };
  }

  /** Never throws: every problem becomes `{ ok: false }`. */
  async verify(token: string): Promise<VerifyResult> {
    try {
      if (typeof token !== 'string' || token.length === 0) return fail('INVALID_TOKEN', 'the token is empty');
      // One of ours verified before: no need to decode it again to find its issuer.
      const known = this.#known(token);
      if (known) return known;
      // Unverified peek, used only to pick the verifier; the chosen verifier re-checks `iss`.
      const { iss } = decodeJwt(token);
      if (iss === this.#issuer) return await this.#verifyOwn(token);
      if (this.#external && iss === this.#external.issuer) return await this.#verifyExternal(token);
      return fail('INVALID_TOKEN', 'the token issuer is not trusted');
    } catch (error) {
      return verifyFailure(error);
    }
  }

  /** When a token (verified before) expires: its `exp` claim. */
  expiryOf(token: string): Date | null {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? new Date(exp * 1000) : null;
  }

  /** The public half of our signing key, for `GET /.well-known/jwks.json`. */
  jwks(): JSONWebKeySet {
    // Strip `d` defensively: the public JWK must never carry private material, whatever was stored.
    const { d: _private, ...publicJwk } = this.#key.publicJwk;
    return { keys: [{ ...publicJwk, kid: this.#key.id, alg: SIGNING_ALG, use: 'sig' }] };
  }

  /**
   * A token whose signature and claims were checked before is the same bytes: only the
   * clock-dependent claims need checking again (expired → null: the full check, with its error).
   */
  #known(token: string): VerifyResult | null {
    const known = this.#verified.get(token);
    if (!known) return null;
    const now = Math.floor(this.#now().getTime() / 1000); // as jose counts
    if (now < known.exp + CLOCK_TOLERANCE_SECONDS && (known.nbf === undefined || now >= known.nbf - CLOCK_TOLERANCE_SECONDS))
      return { ok: true, principal: { kind: 'guest', playerId: known.playerId } };
    this.#verified.delete(token);
    return null;
  }

  async #verifyOwn(token: string): Promise<VerifyResult> {
    const { publicKey } = await this.#keys;
    const { payload } = await jwtVerify(token, publicKey, {
      algorithms: [SIGNING_ALG],
      issuer: this.#issuer,
      audience: this.#audience,
      ...this.#claimOptions(),
    });
    const sub = subject(payload);
    if (sub === undefined) return missingSubject();
    // biome-ignore lint/style/noNonNullAssertion: the cache is full, so it has a first key
    if (this.#verified.size >= VERIFIED_MAX) this.#verified.delete(this.#verified.keys().next().value!);
    // biome-ignore lint/style/noNonNullAssertion: jwtVerify was told to require `exp` (requiredClaims)
    this.#verified.set(token, { playerId: sub, exp: payload.exp!, nbf: payload.nbf });
    return { ok: true, principal: { kind: 'guest', playerId: sub } };
  }

  async #verifyExternal(token: string): Promise<VerifyResult> {
    // biome-ignore lint/style/noNonNullAssertion: called only when #external is configured (verify checks it first)
    const external = this.#external!;
    const { payload } = await jwtVerify(token, external.keySet, {
      algorithms: EXTERNAL_ALGS,
      issuer: external.issuer,
      audience: external.audience,
      ...this.#claimOptions(),
    });
    const sub = subject(payload);
    return sub === undefined
      ? missingSubject()
      : { ok: true, principal: { kind: 'external', issuer: external.issuer, subject: sub } };
  }

  #claimOptions() {
    // `exp` is required, not just checked when present: a token without one would be valid forever.
    return { requiredClaims: ['sub', 'exp'], clockTolerance: CLOCK_TOLERANCE_SECONDS, currentDate: this.#now() };
  }
}

/** jose's remote key set, with fetch/parse failures told apart from "no key matches this token". */
function remoteKeySet(jwksUrl: string): JWTVerifyGetKey {
  const keySet = createRemoteJWKSet(new URL(jwksUrl));
  return async (header, input) => {
    try {
      return await keySet(header, input);
    } catch (error) {
      if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) throw error;
      throw new KeySourceUnavailable('external JWKS unavailable', { cause: error });
    }
  };
}

function subject(payload: JWTPayload): string | undefined {
  return typeof payload.sub === 'string' && payload.sub.length > 0 ? payload.sub : undefined;
}

function missingSubject(): VerifyFailure {
  return fail('INVALID_TOKEN', 'the token lacks a usable "sub" claim');
}
