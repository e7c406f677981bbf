import { SignJWT, createRemoteJWKSet, decodeJwt, decodeProtectedHeader, errors, jwtVerify, type JSONWebKeySet, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { KeySourceUnavailable, fail, verifyFailure, type VerifyFailure } from './failure.ts';
import { SIGNING_ALG, importSigningKey, type SigningKeyPair, type SigningKeyRecord } from './keys.ts';
import { SCOPES, type Grant, type Principal, type Scope } from './principal.ts';

/**
 * Tells whether a verified own token was revoked (accounts/revocations.ts keeps the answer in
 * memory, fresh across processes). `tokenId` null: a token signed before accounts.
 */
export interface RevocationCheck {
  /** `grantId`: an app's token, refused once its grant is revoked (oauth/grant-revocations.ts). */
  revoked(playerId: string, tokenId: string | null, issuedAt: number | undefined, grantId?: string): boolean;
}

/**
 * What a new token is: its id, name and scopes, and its lifetime (null: it never expires); `app`
 * for an app's token (its grant and client_id, as claims of their own).
 */
export type TokenSpec = { tokenId: string; name: string; scopes: readonly Scope[]; lifetimeSeconds: number | null; app?: { grantId: string; clientId: string } };

/**
 * The claim that says a token's `scope` names every scope it has. Tokens signed before the
 * `account` scope lack it: those with `play` acted for the account too, and still do (scopesOf).
 */
const SCOPE_RULES_CLAIM = 'scope_rules';
const SCOPE_RULES = 2;

export type ExternalProvider = { jwksUrl: string; issuer: string; audience: string };

export type TokenServiceOptions = {
  /** The key new tokens are signed with. */
  key: SigningKeyRecord;
  /** Older keys that still verify the tokens they signed (by the `kid` each token names). */
  previousKeys?: SigningKeyRecord[];
  revocations?: RevocationCheck;
  issuer: string;
  audience: string;
  ttlSeconds: number;
  external?: ExternalProvider;
  /** Injectable clock, for tests. */
  now?: () => Date;
};

export type IssuedToken = { token: string; expiresAt: Date | null; tokenId: string; keyId: string };
export type VerifyResult = { ok: true; principal: Principal } | VerifyFailure;

/** Asymmetric only: HS* would let anyone holding a public key forge tokens, and `none` is no signature at all. */
const EXTERNAL_ALGS = ['RS256', 'ES256', 'EdDSA'];
/** Tolerates small clock skew between us, other server processes and the external provider. */
const CLOCK_TOLERANCE_SECONDS = 5;
/** How many verified own tokens one process remembers. */
const VERIFIED_MAX = 10_000;

/** Issues our own guest tokens and verifies ours plus, if configured, an external provider's. */
export class TokenService {
  #key: SigningKeyRecord;
  #keys: Promise<SigningKeyPair>;
  /** Every key that verifies, by kid (the signing key among them). */
  #byKid = new Map<string, { record: SigningKeyRecord; keys: Promise<SigningKeyPair> }>();
  #revocations: RevocationCheck | undefined;
  readonly #issuer: string;
  readonly #audience: string;
  readonly #ttlSeconds: number;
  readonly #external: (ExternalProvider & { keySet: JWTVerifyGetKey }) | undefined;
  readonly #now: () => Date;
  /** Own tokens verified before (an Ed25519 check per request is most of auth's cost). */
  readonly #verified = new Map<string, { playerId: string; exp: number | undefined; nbf: number | undefined; iat: number | undefined; grant: Grant }>();

  constructor(options: TokenServiceOptions) {
    if (!Number.isInteger(options.ttlSeconds) || options.ttlSeconds <= 0) {
      throw new Error('ttlSeconds must be a positive integer');
    }
    if (options.external && options.external.issuer === options.issuer) {
      // Tokens are routed by issuer, so a shared issuer would make one of the two unverifiable.
      throw new Error('the external issuer must differ from our own issuer');
    }
    this.#key = options.key;
    this.#keys = this.#import(options.key);
    this.useKeys(options.key, options.previousKeys ?? []);
    this.#revocations = options.revocations;
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

  #import(record: SigningKeyRecord): Promise<SigningKeyPair> {
    const keys = importSigningKey(record);
    // Keep a rejected import from surfacing as an unhandled rejection; issue/verify still see it.
    keys.catch(() => {});
    return keys;
  }

  /**
   * The keys from now on (a rotation, heard of from another process): `current` signs new tokens,
   * it and `previous` verify. A key left out no longer verifies anything (retired).
   */
  useKeys(current: SigningKeyRecord, previous: readonly SigningKeyRecord[]): void {
    const byKid = new Map<string, { record: SigningKeyRecord; keys: Promise<SigningKeyPair> }>();
    for (const record of [current, ...previous]) {
      const known = this.#byKid.get(record.id);
      byKid.set(record.id, known ?? { record, keys: record.id === this.#key.id ? this.#keys : this.#import(record) });
    }
    this.#byKid = byKid;
    this.#key = current;
    // biome-ignore lint/style/noNonNullAssertion: byKid was built from the keys, current among them
    this.#keys = byKid.get(current.id)!.keys;
    // A token of a retired key must be checked again (and refused): rotations are rare, start afresh.
    this.#verified.clear();
  }

  setRevocations(revocations: RevocationCheck): void {
    this.#revocations = revocations;
  }

  /** The kid new tokens are signed with. */
  get signingKeyId(): string {
    return this.#key.id;
  }

  /** The default lifetime of a token, in seconds (JWT_TTL_SECONDS). */
  get ttlSeconds(): number {
    return this.#ttlSeconds;
  }

  /**
   * Signs a token for `playerId`: with `spec`, its id, name, scopes and lifetime; without, a new
   * id with both scopes and the default lifetime. The caller records it (accounts/service.ts).
   */
  async issue(playerId: string, spec?: Partial<TokenSpec>): Promise<IssuedToken> {
    if (playerId.length === 0) throw new Error('playerId must not be empty');
    const tokenId = spec?.tokenId ?? crypto.randomUUID();
    const lifetime = spec?.lifetimeSeconds === undefined ? this.#ttlSeconds : spec.lifetimeSeconds;
    const keyId = this.#key.id;
    const { privateKey } = await this.#keys;
    const issuedAt = Math.floor(this.#now().getTime() / 1000);
    const expiresAt = lifetime === null ? null : new Date((issuedAt + lifetime) * 1000);
    const app = spec?.app ? { client_id: spec.app.clientId, grant_id: spec.app.grantId } : {};
    const jwt = new SignJWT({ scope: (spec?.scopes ?? SCOPES).join(' '), token_name: spec?.name ?? 'token', [SCOPE_RULES_CLAIM]: SCOPE_RULES, ...app })
      .setProtectedHeader({ alg: SIGNING_ALG, kid: keyId, typ: 'JWT' })
      .setJti(tokenId)
      .setSubject(playerId)
      .setIssuer(this.#issuer)
      .setAudience(this.#audience)
      .setIssuedAt(issuedAt);
    if (expiresAt) jwt.setExpirationTime(expiresAt);
    return { token: await jwt.sign(privateKey), expiresAt, tokenId, keyId };
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

  /** The public halves of our keys that verify (the signing key first), for `GET /.well-known/jwks.json`. */
  jwks(): JSONWebKeySet {
    return {
      keys: [...this.#byKid.values()].map(({ record }) => {
        // Strip `d` defensively: the public JWK must never carry private material, whatever was stored.
        const { d: _private, ...publicJwk } = record.publicJwk;
        return { ...publicJwk, kid: record.id, alg: SIGNING_ALG, use: 'sig' };
      }),
    };
  }

  /**
   * A token whose signature and claims were checked before is the same bytes: only the
   * clock-dependent claims need checking again (expired → null: the full check, with its error).
   */
  #known(token: string): VerifyResult | null {
    const known = this.#verified.get(token);
    if (!known) return null;
    const now = Math.floor(this.#now().getTime() / 1000); // as jose counts
    if ((known.exp === undefined || now < known.exp + CLOCK_TOLERANCE_SECONDS) && (known.nbf === undefined || now >= known.nbf - CLOCK_TOLERANCE_SECONDS))
      return this.#unlessRevoked(known.playerId, known.iat, known.grant);
    this.#verified.delete(token);
    return null;
  }

  #unlessRevoked(playerId: string, iat: number | undefined, grant: Grant): VerifyResult {
    if (this.#revocations?.revoked(playerId, grant.tokenId, iat, grant.app?.grantId)) return fail('TOKEN_REVOKED', 'the token was revoked');
    return { ok: true, principal: { kind: 'guest', playerId, grant } };
  }

  async #verifyOwn(token: string): Promise<VerifyResult> {
    // The key the token names: several verify at once while a rotation's old tokens live on.
    const { kid, alg } = decodeProtectedHeader(token);
    if (alg !== SIGNING_ALG) return fail('INVALID_TOKEN', 'the token uses a signing algorithm that is not accepted');
    const entry = typeof kid === 'string' ? this.#byKid.get(kid) : undefined;
    if (!entry) return fail('INVALID_TOKEN', 'the token was signed with an unknown or retired key');
    const { publicKey } = await entry.keys;
    const { payload } = await jwtVerify(token, publicKey, {
      algorithms: [SIGNING_ALG],
      issuer: this.#issuer,
      audience: this.#audience,
      ...this.#claimOptions(),
      // A token without `exp` never expires: only accounts' tokens with an id (so revocable) may.
      requiredClaims: ['sub'],
    });
    const sub = subject(payload);
    if (sub === undefined) return missingSubject();
    const tokenId = typeof payload.jti === 'string' && payload.jti.length > 0 ? payload.jti : null;
    if (payload.exp === undefined && tokenId === null) return fail('INVALID_TOKEN', 'the token lacks the "exp" claim');
    const grant: Grant = { tokenId, scopes: scopesOf(payload, tokenId), expiresAt: payload.exp === undefined ? null : new Date(payload.exp * 1000), ...appOf(payload) };
    // biome-ignore lint/style/noNonNullAssertion: the cache is full, so it has a first key
    if (this.#verified.size >= VERIFIED_MAX) this.#verified.delete(this.#verified.keys().next().value!);
    this.#verified.set(token, { playerId: sub, exp: payload.exp, nbf: payload.nbf, iat: payload.iat, grant });
    return this.#unlessRevoked(sub, payload.iat, grant);
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
    // The provider's tokens act fully for their player: scopes, ids and revocation are the provider's business.
    // biome-ignore lint/style/noNonNullAssertion: jwtVerify was told to require `exp` for the provider (requiredClaims)
    const grant: Grant = { tokenId: null, scopes: SCOPES, expiresAt: new Date(payload.exp! * 1000) };
    return sub === undefined ? missingSubject() : { ok: true, principal: { kind: 'external', issuer: external.issuer, subject: sub, grant } };
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

/**
 * The token's scopes (the `scope` claim, space-separated, RFC 9068). A token signed before accounts
 * (no `jti`, no `scope`) acts fully, as it always did; so does one signed with `play` before the
 * `account` scope (no SCOPE_RULES_CLAIM): it managed the account then, and no token gains a power.
 */
function scopesOf(payload: JWTPayload, tokenId: string | null): readonly Scope[] {
  if (typeof payload.scope !== 'string') return tokenId === null ? SCOPES : [];
  const named = new Set(payload.scope.split(' '));
  if (payload[SCOPE_RULES_CLAIM] === undefined && named.has('play')) named.add('account');
  return SCOPES.filter((s) => named.has(s));
}

/** An app's token names its grant and client (both, or it is no app's token). */
function appOf(payload: JWTPayload): Pick<Grant, 'app'> {
  const { grant_id: grantId, client_id: clientId } = payload;
  return typeof grantId === 'string' && typeof clientId === 'string' ? { app: { grantId, clientId } } : {};
}

function missingSubject(): VerifyFailure {
  return fail('INVALID_TOKEN', 'the token lacks a usable "sub" claim');
}
