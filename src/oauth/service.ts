// The apps' use cases: a person's approval (a code, or a device's request), the token endpoint's
// three grants, revocation, and the person's list of apps. HTTP-free: the token endpoint's
// refusals are OAuthErrors (RFC 6749 words), the /v1 calls' DomainErrors.
import type { Caller } from '../platform/auth/middleware.ts';
import type { DelegableScope } from '../platform/auth/scopes.ts';
import type { TokenService } from '../platform/auth/tokens.ts';
import { DomainError } from '../platform/errors.ts';
import { invalidGrant, OAuthError } from './errors.ts';
import { ACCESS_TOKEN_SECONDS, CODE_SECONDS, DEVICE_INTERVAL_SECONDS, DEVICE_REQUEST_SECONDS, REFRESH_TOKEN_SECONDS, SLOW_DOWN_SECONDS } from './lifetimes.ts';
import { checkClientId, checkRedirectUri, checkScope, checkChallenge, type Checked } from './requests.ts';
import { hashOf, newSecret, newUserCode, shownUserCode, typedUserCode, VERIFIER, verifierMatches } from './secrets.ts';
import type { GrantRow, NewGrant, OAuthStore } from './store.ts';

export interface OAuthServiceDeps {
  store: OAuthStore;
  tokens: TokenService;
  /** Makes a revocation known to every process (the accounts' revocation list: its refresh reads the grants too). */
  revocations: { changed(): Promise<void> };
  now: () => Date;
}

/** An approval of the consent page, as POST /v1/oauth/approvals takes it. */
export type CodeApproval = { clientId: string; redirectUri: string; scope: string; codeChallenge: string; codeChallengeMethod: string; state?: string; approve: boolean };

export type TokenAnswer = { access_token: string; token_type: 'Bearer'; expires_in: number; refresh_token: string; scope: string };

/** The token endpoint's form, every field as sent (absent: undefined). */
export type TokenForm = Partial<Record<'grant_type' | 'code' | 'code_verifier' | 'redirect_uri' | 'client_id' | 'refresh_token' | 'device_code' | 'scope', string>>;

export const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

/** How long spent and expired codes and device requests are kept (their reuse is told apart so long). */
const SPENT_KEPT_MS = 24 * 60 * 60 * 1000;

const unwrap = <T>(checked: Checked<T>): T => {
  if (!checked.ok) throw new DomainError('AUTHORIZATION_REQUEST_INVALID', checked.detail, { refusal: checked.refusal });
  return checked.value;
};

export class OAuthService {
  constructor(private readonly deps: OAuthServiceDeps) {}

  // ---------------------------------------------------------------- the consent

  /**
   * The person's answer to an app's request: where the browser goes next, with a code (single use,
   * CODE_SECONDS) or `error=access_denied`. A request that breaks a rule goes nowhere.
   */
  async approve(caller: Caller, input: CodeApproval, issuer: string): Promise<{ redirectTo: string }> {
    const clientId = unwrap(checkClientId(input.clientId));
    const redirect = unwrap(checkRedirectUri(input.redirectUri));
    const scopes = unwrap(checkScope(input.scope));
    const challenge = unwrap(checkChallenge(input.codeChallenge, input.codeChallengeMethod));
    const to = new URL(redirect.uri);
    if (!input.approve) {
      to.searchParams.append('error', 'access_denied');
    } else {
      const code = newSecret();
      const now = this.deps.now();
      await this.deps.store.addCode({
        hash: hashOf(code),
        playerId: caller.playerId,
        clientId,
        redirectUri: redirect.uri,
        scopes,
        codeChallenge: challenge,
        expiresAt: new Date(now.getTime() + CODE_SECONDS * 1000),
      });
      to.searchParams.append('code', code);
    }
    if (input.state !== undefined) to.searchParams.append('state', input.state);
    // RFC 9207: the app knows the answer comes from this service (mix-up attacks).
    to.searchParams.append('iss', issuer);
    return { redirectTo: to.href };
  }

  /** What a device that shows this user code asks for (counted as a try by the caller). */
  async deviceRequest(userCode: string) {
    const row = await this.#pending(userCode);
    return { clientId: row.clientId, scopes: row.scopes, expiresAt: row.expiresAt.toISOString() };
  }

  /** The person approves (or denies) what the device showing this user code asks for. */
  async decideDevice(caller: Caller, userCode: string, approve: boolean): Promise<void> {
    const code = typedUserCode(userCode);
    if (code === null || !(await this.deps.store.decideDevice(code, caller.playerId, approve, this.deps.now()))) throw userCodeNotFound();
  }

  async #pending(userCode: string) {
    const code = typedUserCode(userCode);
    const row = code === null ? null : await this.deps.store.pendingByUserCode(code, this.deps.now());
    if (!row) throw userCodeNotFound();
    return row;
  }

  // ---------------------------------------------------------------- the token endpoint

  async token(form: TokenForm): Promise<TokenAnswer> {
    switch (form.grant_type) {
      case 'authorization_code':
        return this.#exchangeCode(form);
      case 'refresh_token':
        return this.#refresh(form);
      case DEVICE_GRANT:
        return this.#pollDevice(form);
      case undefined:
        throw new OAuthError('invalid_request', 'grant_type is missing');
      default:
        throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code, refresh_token or urn:ietf:params:oauth:grant-type:device_code');
    }
  }

  async #exchangeCode(form: TokenForm): Promise<TokenAnswer> {
    const { code, code_verifier: verifier, redirect_uri: redirectUri, client_id: clientId } = required(form, 'code', 'code_verifier', 'redirect_uri', 'client_id');
    if (!VERIFIER.test(verifier)) throw new OAuthError('invalid_request', 'code_verifier must be 43–128 characters of A–Z a–z 0–9 - . _ ~');
    const now = this.deps.now();
    let made: NewGrant | null = null;
    let secret = '';
    const found = await this.deps.store.spendCode(hashOf(code), now, (row) => {
      if (row.expiresAt <= now) return { refused: 'the code has expired (codes live 2 minutes)' };
      if (row.clientId !== clientId) return { refused: 'the code was issued to another client_id' };
      if (row.redirectUri !== redirectUri) return { refused: 'redirect_uri is not the one of the authorization request' };
      if (!verifierMatches(verifier, row.codeChallenge)) return { refused: 'code_verifier does not match the code_challenge' };
      ({ made, secret } = this.#newGrant(row, row.redirectUri));
      return { grant: made };
    });
    if (found.kind === 'unknown') throw invalidGrant('the code is unknown');
    if (found.kind === 'reused') {
      await this.deps.revocations.changed();
      throw invalidGrant('the code was used before: the tokens it gave are revoked');
    }
    if (found.row !== null || made === null) throw invalidGrant(found.row ?? 'the code was refused');
    return this.#answer((made as NewGrant).grant, secret);
  }

  async #refresh(form: TokenForm): Promise<TokenAnswer> {
    const { refresh_token: token, client_id: clientId } = required(form, 'refresh_token', 'client_id');
    const now = this.deps.now();
    const asked = form.scope === undefined ? null : form.scope.split(' ').filter((s) => s !== '');
    const secret = newSecret();
    let scopes: DelegableScope[] = [];
    const found = await this.deps.store.spendRefresh(hashOf(token), now, (grant, expiresAt) => {
      if (grant.revokedAt) return { refused: invalidGrant('the grant was revoked') };
      if (expiresAt <= now) return { refused: invalidGrant('the refresh token has expired') };
      if (grant.clientId !== clientId) return { refused: invalidGrant('the refresh token was issued to another client_id') };
      // RFC 6749 §6: a refresh may narrow the scopes, never widen them.
      if (asked && !asked.every((s) => (grant.scopes as string[]).includes(s))) return { refused: new OAuthError('invalid_scope', 'a refresh may ask for the granted scopes or fewer') };
      scopes = asked ? grant.scopes.filter((s) => asked.includes(s)) : grant.scopes;
      return { refresh: { hash: hashOf(secret), expiresAt: new Date(now.getTime() + REFRESH_TOKEN_SECONDS * 1000) } };
    });
    if (found.kind === 'unknown') throw invalidGrant('the refresh token is unknown');
    if (found.kind === 'reused') {
      await this.deps.revocations.changed();
      throw invalidGrant('the refresh token was spent before: the whole grant is revoked');
    }
    if (found.row instanceof OAuthError) throw found.row;
    const grant = found.row as GrantRow;
    return this.#answer({ ...grant, scopes }, secret);
  }

  async #pollDevice(form: TokenForm): Promise<TokenAnswer> {
    const { device_code: deviceCode, client_id: clientId } = required(form, 'device_code', 'client_id');
    const now = this.deps.now();
    let made: NewGrant | null = null;
    let secret = '';
    const found = await this.deps.store.pollDevice(hashOf(deviceCode), now, (row) => {
      if (row.clientId !== clientId) return { refused: invalidGrant('the device code was issued to another client_id') };
      if (row.expiresAt <= now) return { refused: new OAuthError('expired_token', 'the device code has expired: start again') };
      if (row.decision === 'denied') return { refused: new OAuthError('access_denied', 'the person denied the request') };
      // RFC 8628 §3.5: polled before its interval passed, the device waits 5 seconds longer from now on.
      if (row.lastPolledAt && now.getTime() - row.lastPolledAt.getTime() < row.intervalSeconds * 1000) {
        const intervalSeconds = row.intervalSeconds + SLOW_DOWN_SECONDS;
        return { pending: new OAuthError('slow_down', `polled too often: wait ${intervalSeconds} seconds between polls`), polled: { intervalSeconds } };
      }
      if (row.decision === 'pending' || row.playerId === null) return { pending: new OAuthError('authorization_pending', 'the person has not approved yet') };
      ({ made, secret } = this.#newGrant({ ...row, playerId: row.playerId }, null));
      return { grant: made };
    });
    if (found.kind === 'unknown') throw invalidGrant('the device code is unknown');
    if (found.kind === 'reused') throw invalidGrant('the device code was used before');
    if (found.row !== null) throw found.row;
    if (made === null) throw invalidGrant('the device code was refused');
    return this.#answer((made as NewGrant).grant, secret);
  }

  #newGrant(row: { playerId: string; clientId: string; scopes: DelegableScope[] }, redirectUri: string | null): { made: NewGrant; secret: string } {
    const secret = newSecret();
    const now = this.deps.now();
    const made: NewGrant = {
      grant: { id: crypto.randomUUID(), playerId: row.playerId, clientId: row.clientId, scopes: row.scopes, redirectOrigin: redirectUri === null ? null : new URL(redirectUri).origin },
      refresh: { hash: hashOf(secret), expiresAt: new Date(now.getTime() + REFRESH_TOKEN_SECONDS * 1000) },
    };
    return { made, secret };
  }

  /** The answer of a grant made or renewed: a new access token, and the refresh token `refreshToken`. */
  async #answer(grant: Pick<GrantRow, 'id' | 'playerId' | 'clientId' | 'scopes'>, refreshToken: string): Promise<TokenAnswer> {
    const issued = await this.deps.tokens.issue(grant.playerId, {
      name: grant.clientId,
      scopes: grant.scopes,
      lifetimeSeconds: ACCESS_TOKEN_SECONDS,
      app: { grantId: grant.id, clientId: grant.clientId },
    });
    return { access_token: issued.token, token_type: 'Bearer', expires_in: ACCESS_TOKEN_SECONDS, refresh_token: refreshToken, scope: grant.scopes.join(' ') };
  }

  // ---------------------------------------------------------------- the device's start

  /** RFC 8628 §3.2: a device's request, shown to the person as `user_code` on `verificationUri`. */
  async deviceCode(form: { client_id?: string; scope?: string }, verificationUri: string) {
    const clientId = checkClientId(form.client_id);
    if (!clientId.ok) throw new OAuthError('invalid_request', clientId.detail);
    const scopes = checkScope(form.scope);
    if (!scopes.ok) throw new OAuthError(scopes.refusal === 'scope_missing' ? 'invalid_request' : 'invalid_scope', scopes.detail);
    const deviceCode = newSecret();
    const now = this.deps.now();
    const expiresAt = new Date(now.getTime() + DEVICE_REQUEST_SECONDS * 1000);
    // A user code already taken by a kept request (1 in 2.5·10^10 each): draw again.
    for (;;) {
      const userCode = newUserCode();
      const row = { hash: hashOf(deviceCode), userCode, clientId: clientId.value, scopes: scopes.value, expiresAt, intervalSeconds: DEVICE_INTERVAL_SECONDS, createdAt: now };
      if (await this.deps.store.addDeviceRequest(row)) {
        const shown = shownUserCode(userCode);
        return {
          device_code: deviceCode,
          user_code: shown,
          verification_uri: verificationUri,
          verification_uri_complete: `${verificationUri}?user_code=${shown}`,
          expires_in: DEVICE_REQUEST_SECONDS,
          interval: DEVICE_INTERVAL_SECONDS,
        };
      }
    }
  }

  // ---------------------------------------------------------------- revocation and the person's apps

  /**
   * RFC 7009: a refresh token or an app's access token ends its whole grant (both kinds of its
   * tokens); anything else is answered alike and changes nothing.
   */
  async revoke(token: string): Promise<void> {
    let grantId = await this.deps.store.grantOfRefresh(hashOf(token));
    if (grantId === null) {
      const verified = await this.deps.tokens.verify(token);
      grantId = verified.ok ? (verified.principal.grant.app?.grantId ?? null) : null;
    }
    if (grantId !== null && (await this.deps.store.revokeGrant(grantId, this.deps.now()))) await this.deps.revocations.changed();
  }

  async apps(caller: Caller) {
    const rows = await this.deps.store.liveGrants(caller.playerId);
    return {
      items: rows.map((g) => ({
        grantId: g.id,
        clientId: g.clientId,
        scopes: g.scopes,
        redirectOrigin: g.redirectOrigin,
        approvedAt: g.createdAt.toISOString(),
        lastUsedAt: g.lastUsedAt.toISOString(),
      })),
    };
  }

  async revokeApp(caller: Caller, grantId: string): Promise<void> {
    if (!(await this.deps.store.revokeGrant(grantId, this.deps.now(), caller.playerId))) throw new DomainError('GRANT_NOT_FOUND', `you have approved no app with the grant ${grantId}`);
    await this.deps.revocations.changed();
  }

  /**
   * Drops the codes and device requests expired a day ago: a code presented again within the day
   * still revokes the grant it made; after that it is unknown, and its grant's tokens have long
   * been renewed or ended.
   */
  async sweep(at: Date): Promise<{ oauthCodes: number; deviceRequests: number }> {
    return this.deps.store.sweep(new Date(at.getTime() - SPENT_KEPT_MS));
  }

  /** Every grant of the player ends (its sign-out everywhere, password change or deletion). Written here; announced by the caller. */
  async endAllOf(playerId: string): Promise<void> {
    await this.deps.store.revokeAllOf(playerId, this.deps.now());
  }
}

const userCodeNotFound = () => new DomainError('USER_CODE_NOT_FOUND', 'no device waits for this code: check it, or start again on the device');

/** The form's fields a grant needs: one missing is invalid_request. */
function required<K extends keyof TokenForm>(form: TokenForm, ...names: K[]): Record<K, string> {
  for (const name of names) if (form[name] === undefined || form[name] === '') throw new OAuthError('invalid_request', `${name} is missing`);
  return form as Record<K, string>;
}
