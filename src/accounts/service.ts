// The accounts' use cases: sign-up, sign-in, a guest claiming its player, the player's tokens
// (issued, listed, revoked), a password change and the account's deletion. HTTP-free: refusals
// are DomainErrors with the codes of docs/api.md, "Accounts and tokens".
import type { Caller } from '../platform/auth/middleware.ts';
import { DELEGABLE_SCOPES, SCOPES, type Scope } from '../platform/auth/scopes.ts';
import type { TokenService } from '../platform/auth/tokens.ts';
import { UsernameTakenError, type AccessTokenRow, type AccountStore } from './store.ts';
import type { Notifier } from '../platform/streams/notifier.ts';
import type { PlayerStore } from './player-store.ts';
import { DomainError } from '../platform/errors.ts';
import { FailureLog } from '../platform/failure-log.ts';
import type { Logger } from '../platform/log.ts';
import { passwordWeakness, usernameKey } from './credentials.ts';
import { burnPasswordCheck, DEFAULT_SCRYPT, hashPassword, needsRehash, verifyPassword, type ScryptParams } from './password.ts';
import { announceProfileChange } from './profiles.ts';
import type { RevocationCache } from './revocations.ts';
import { deviceName } from './user-agent.ts';

export interface AccountServiceDeps {
  store: AccountStore;
  players: PlayerStore;
  tokens: TokenService;
  revocations: RevocationCache;
  notifier: Notifier;
  now: () => Date;
  log: Logger;
  scrypt?: ScryptParams;
  /**
   * Ends everything a player being deleted was in (its seeks, games, matches, challenges): the
   * features above this one do it (app/features.ts wires them). Each of its steps may run again.
   */
  onDeleted?: (playerId: string) => Promise<void>;
  /** A player's first stream opened and its presence is written: the tournaments (wired in app/features.ts) may pair it now. */
  onOnline?: (playerId: string) => Promise<void>;
  /**
   * Every token of the player ends (a sign-out everywhere, a password change, the deletion): so do
   * the grants of the apps it approved (the oauth feature, wired in app/features.ts). Announced with
   * the tokens' revocation.
   */
  onSignedOutEverywhere?: (playerId: string) => Promise<void>;
}

export type IssuedIdentity = { playerId: string; token: string; tokenId: string; expiresAt: string | null };

const DAY_SECONDS = 24 * 60 * 60;
/**
 * The live tokens one player holds at most: each is a row in the database and, once revoked, an
 * entry in every process's revocation list until it expires.
 */
export const MAX_LIVE_TOKENS = 100;
/** The longest lifetime a guest may ask for: a token that lives longer (or never expires) is for accounts. */
const GUEST_MAX_LIFETIME_SECONDS = 30 * DAY_SECONDS;
/** How long a bot's open stream counts without being renewed, and how often it is renewed. */
export const PRESENCE_LEASE_MS = 60_000;
const PRESENCE_RENEW_MS = 20_000;
/** What a token the player asked for is called when it names none. */
const SIGN_IN_TOKEN = 'sign-in';
/**
 * The tokens a sign-in makes (sign-up, sign-in, claim, a guest's): past the cap a new one takes the
 * place of the oldest of them. Signing in must never be refused for it (a player who lost every
 * token could not get one to revoke the others with), and the oldest sign-in is the least likely
 * in use; a token made on purpose (POST /v1/players/me/tokens) is refused instead, never made by
 * revoking another behind its player's back.
 */
const SIGN_IN_NAMES = [SIGN_IN_TOKEN, 'guest'];

const invalidCredentials = () => new DomainError('INVALID_CREDENTIALS', 'no account with this username and password');

export class AccountService {
  private readonly scrypt: ScryptParams;
  /** The presence rows' writes (every open stream's, every 20 s): one log of their failures. */
  private readonly presenceFailures: FailureLog;
  constructor(private readonly deps: AccountServiceDeps) {
    this.scrypt = deps.scrypt ?? DEFAULT_SCRYPT;
    this.presenceFailures = new FailureLog(deps.log, 'presenceFailed');
  }

  /**
   * Signs a token for the player and records it (its id, name, scopes, expiry, key), within the cap
   * of MAX_LIVE_TOKENS: past it, a sign-in's token takes the place of the oldest sign-in token (see
   * SIGN_IN_NAMES); one made on purpose (`onPurpose`) is refused, TOO_MANY_TOKENS.
   */
  async issue(
    playerId: string,
    name: string,
    scopes: readonly Scope[] = SCOPES,
    lifetimeSeconds: number | null = this.deps.tokens.ttlSeconds,
    onPurpose = false,
    label: string | null = null,
  ): Promise<IssuedIdentity> {
    const issued = await this.deps.tokens.issue(playerId, { name, scopes, lifetimeSeconds });
    const now = this.deps.now();
    const { added, revoked } = await this.deps.store.addToken(
      { id: issued.tokenId, playerId, name, label, scopes: [...scopes], keyId: issued.keyId, expiresAt: issued.expiresAt, createdAt: now },
      { max: MAX_LIVE_TOKENS, now, replace: onPurpose ? null : SIGN_IN_NAMES },
    );
    // The signed token was never handed out: nobody holds it.
    if (!added) throw new DomainError('TOO_MANY_TOKENS', `you hold ${MAX_LIVE_TOKENS} live tokens, as many as one player may: revoke one first`);
    if (revoked > 0) await this.deps.revocations.changed();
    return { playerId, token: issued.token, tokenId: issued.tokenId, expiresAt: issued.expiresAt?.toISOString() ?? null };
  }

  /** A new player with an account, and its first token. */
  async signUp(input: { username: string; password: string; name?: string; bot?: boolean }, userAgent?: string) {
    await this.refuseTaken(input.username);
    const passwordHash = await this.newPasswordHash(input.password);
    const playerId = crypto.randomUUID();
    const name = input.name ?? input.username;
    const bot = input.bot ?? false;
    try {
      await this.deps.store.createAccount({ playerId, name, bot, username: input.username, usernameKey: usernameKey(input.username), passwordHash });
    } catch (e) {
      if (e instanceof UsernameTakenError) throw usernameTaken(input.username);
      throw e;
    }
    return { ...(await this.signInToken(playerId, userAgent)), username: input.username, name, bot };
  }

  /**
   * The service's own bot account of this username (the house bots): made the first time, with a
   * password nobody knows (it is never signed in to: the service issues its tokens), and found on
   * every start after, by any process (a race for the username is won by one, found by the other).
   * A username already taken by an account that is no bot is refused: it is somebody's.
   */
  async ensureBotAccount(username: string, name: string, houseLevel?: string): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      const found = await this.deps.store.byUsername(usernameKey(username));
      if (found) {
        const player = await this.deps.players.getPlayer(found.playerId);
        if (!player?.bot || player.deletedAt) throw new Error(`the username ${username} belongs to an account that is not a bot of this service`);
        // A house bot made before its level was stored, or under an older name: as the house has it now.
        if (houseLevel !== undefined && (player.name !== name || player.houseLevel !== houseLevel)) {
          await this.deps.store.setHouseBot(found.playerId, name, houseLevel);
          await this.profileChanged(found.playerId);
        }
        return found.playerId;
      }
      try {
        const password = Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString('base64url');
        const playerId = crypto.randomUUID();
        const passwordHash = await this.newPasswordHash(password);
        await this.deps.store.createAccount({ playerId, name, bot: true, username, usernameKey: usernameKey(username), passwordHash, houseLevel });
        return playerId;
      } catch (e) {
        if (!(e instanceof UsernameTakenError) || attempt > 0) throw e;
      }
    }
  }

  /**
   * A fresh token for a guest made earlier by a sign-up sent again with its Idempotency-Key: only
   * while the guest is as it was made. Once claimed, deleted or signed out everywhere, a repeat of
   * its sign-up must not bring a token back.
   */
  async reissueGuest(playerId: string): Promise<IssuedIdentity> {
    if (!(await this.deps.store.isUntouchedGuest(playerId)))
      throw new DomainError('NOT_A_GUEST', 'the guest this Idempotency-Key made has since become an account, was deleted or signed out everywhere: sign up again with a new key');
    return this.issue(playerId, 'guest');
  }

  /** The caller's guest player becomes an account: same id, games and matches; a new token. */
  async claim(caller: Caller, input: { username: string; password: string; bot?: boolean }, userAgent?: string) {
    const row = await this.deps.players.getPlayer(caller.playerId);
    if (!row || row.issuer !== null || (await this.deps.store.byPlayer(caller.playerId))) {
      throw new DomainError('NOT_A_GUEST', 'only a guest of this service claims its player as an account');
    }
    await this.refuseTaken(input.username);
    const passwordHash = await this.newPasswordHash(input.password);
    const bot = row.bot || (input.bot ?? false);
    try {
      await this.deps.store.claim({ playerId: caller.playerId, bot, username: input.username, usernameKey: usernameKey(input.username), passwordHash });
    } catch (e) {
      if (e instanceof UsernameTakenError) throw usernameTaken(input.username);
      throw e;
    }
    if (bot !== row.bot) await this.profileChanged(caller.playerId);
    return { ...(await this.signInToken(caller.playerId, userAgent)), username: input.username, name: row.name, bot };
  }

  /**
   * A new token for the account. An unknown username costs a hash all the same, so both
   * refusals take about as long and say the same.
   */
  async signIn(input: { username: string; password: string }, userAgent?: string) {
    const account = await this.deps.store.byUsername(usernameKey(input.username));
    if (!account) {
      await burnPasswordCheck(input.password, this.scrypt);
      throw invalidCredentials();
    }
    if (!(await verifyPassword(input.password, account.passwordHash))) throw invalidCredentials();
    // Hashed with other parameters than today's: hash again, now that the password is at hand.
    if (needsRehash(account.passwordHash, this.scrypt)) await this.deps.store.setPasswordHash(account.playerId, await hashPassword(input.password, this.scrypt));
    return { ...(await this.signInToken(account.playerId, userAgent)), username: account.username };
  }

  /** A sign-in's token, listed by the browser and system it came from (user-agent.ts). */
  private signInToken(playerId: string, userAgent: string | undefined): Promise<IssuedIdentity> {
    return this.issue(playerId, SIGN_IN_TOKEN, SCOPES, this.deps.tokens.ttlSeconds, false, deviceName(userAgent));
  }

  /** The username of a player's account; null for a guest (or an identity of the external provider). */
  async usernameOf(playerId: string): Promise<string | null> {
    return (await this.deps.store.byPlayer(playerId))?.username ?? null;
  }

  /** Who the caller is, with its token's id, scopes and expiry. */
  async me(caller: Caller) {
    const [row, account] = await Promise.all([this.deps.players.getPlayer(caller.playerId), this.deps.store.byPlayer(caller.playerId)]);
    const { grant } = caller;
    return {
      playerId: caller.playerId,
      name: row?.name ?? caller.name,
      username: account?.username ?? null,
      bot: row?.bot ?? false,
      tokenId: grant.tokenId,
      scopes: [...grant.scopes],
      expiresAt: grant.expiresAt?.toISOString() ?? null,
    };
  }

  async listTokens(caller: Caller) {
    const rows = await this.deps.store.liveTokens(caller.playerId, this.deps.now());
    return { items: rows.map((r) => tokenItem(r, caller.grant.tokenId)) };
  }

  /**
   * A new token, shown once. Never-expiring ones (expiresInDays null), and ones that live longer
   * than GUEST_MAX_LIFETIME_SECONDS, are for accounts: a guest's default is capped to that too.
   */
  async createToken(caller: Caller, input: { name: string; scopes?: Scope[]; expiresInDays?: number | null }) {
    const own = caller.grant.scopes;
    // An app renews with its refresh token: a token of its own would outlive its grant's revocation.
    if (caller.grant.app) throw new DomainError('INSUFFICIENT_SCOPE', "an app's token makes no tokens: renew it with the refresh token");
    // By default a bot's: never `account`, which only a sign-in's token (and its renewal) carries.
    const scopes = SCOPES.filter((s) => (input.scopes ?? DELEGABLE_SCOPES.filter((d) => own.includes(d))).includes(s));
    if (scopes.some((s) => !own.includes(s))) throw new DomainError('INSUFFICIENT_SCOPE', `this token may make tokens of its own scopes at most (${own.join(', ')})`);
    let lifetime = input.expiresInDays === undefined ? this.deps.tokens.ttlSeconds : input.expiresInDays === null ? null : input.expiresInDays * DAY_SECONDS;
    // Without `account` a token only renews itself (a bot before its token ends): 30 days at most.
    if (!own.includes('account') && (lifetime === null || lifetime > GUEST_MAX_LIFETIME_SECONDS))
      throw new DomainError('INSUFFICIENT_SCOPE', 'a token without the account scope makes tokens of 30 days at most (its renewal)');
    if (!(await this.deps.store.byPlayer(caller.playerId))) {
      if (lifetime === null) throw new DomainError('ACCOUNT_REQUIRED', "a guest's tokens expire: sign up, or claim your player as an account, for one that does not");
      if (input.expiresInDays === undefined) lifetime = Math.min(lifetime, GUEST_MAX_LIFETIME_SECONDS);
      else if (lifetime > GUEST_MAX_LIFETIME_SECONDS)
        throw new DomainError('ACCOUNT_REQUIRED', "a guest's token lives 30 days at most: sign up, or claim your player as an account, for a longer one");
    }
    const issued = await this.issue(caller.playerId, input.name, scopes, lifetime, true);
    return { tokenId: issued.tokenId, token: issued.token, name: input.name, scopes, expiresAt: issued.expiresAt };
  }

  /** Renames a live token of the caller (only what it is called changes). */
  async renameToken(caller: Caller, tokenId: string, name: string) {
    const row = await this.deps.store.renameToken(caller.playerId, tokenId, name, this.deps.now());
    if (!row) throw new DomainError('TOKEN_NOT_FOUND', `you have no live token ${tokenId}`);
    return tokenItem(row, caller.grant.tokenId);
  }

  async revokeToken(caller: Caller, tokenId: string): Promise<void> {
    if (!(await this.deps.store.revokeToken(caller.playerId, tokenId, this.deps.now()))) {
      throw new DomainError('TOKEN_NOT_FOUND', `you have no live token ${tokenId}`);
    }
    await this.deps.revocations.changed();
  }

  /** Sign out everywhere: every token of the player, the caller's own too. */
  async revokeAll(caller: Caller): Promise<void> {
    await this.deps.store.revokeAll(caller.playerId, null, this.deps.now());
    await this.deps.onSignedOutEverywhere?.(caller.playerId);
    await this.deps.revocations.changed();
  }

  /** A new password; every token but the caller's is revoked. */
  async changePassword(caller: Caller, input: { currentPassword: string; newPassword: string }): Promise<void> {
    const account = await this.deps.store.byPlayer(caller.playerId);
    if (!account) throw new DomainError('ACCOUNT_REQUIRED', 'a guest has no password: claim your player as an account first');
    if (!(await verifyPassword(input.currentPassword, account.passwordHash))) throw new DomainError('WRONG_PASSWORD', 'the current password is not right');
    await this.deps.store.setPasswordHash(caller.playerId, await this.newPasswordHash(input.newPassword));
    await this.deps.store.revokeAll(caller.playerId, caller.grant.tokenId, this.deps.now());
    await this.deps.onSignedOutEverywhere?.(caller.playerId);
    await this.deps.revocations.changed();
  }

  /**
   * The player goes, in three steps. First it is marked deleted: from then on it is never seated,
   * paired or challenged again. Then what it was in ends (onDeleted): its waiting seeks, games and
   * matches are withdrawn or called off, the challenges to it declined, its running games resigned.
   * Last the account goes (credentials, tokens, name); its games stay, as "deleted player". Should
   * a step fail, the account and its tokens are still there and the player sends the deletion
   * again: every step may run again.
   */
  async deleteMe(caller: Caller): Promise<void> {
    const { store, now } = this.deps;
    await store.markDeleted(caller.playerId, now());
    // Every process reads the player's row afresh (the checks of a seat, a seek, a challenge).
    await this.profileChanged(caller.playerId);
    await this.deps.onDeleted?.(caller.playerId);
    await store.deleteAccount(caller.playerId, now());
    await this.deps.onSignedOutEverywhere?.(caller.playerId);
    await this.deps.revocations.changed();
    await this.profileChanged(caller.playerId);
  }

  /** The bot accounts holding an open player stream now, by name. */
  async botsOnline(): Promise<{ playerId: string; name: string; houseLevel: string | null }[]> {
    return this.deps.store.botsOnline(this.deps.now());
  }

  /**
   * A player's stream is open: a row in the database says so to every process, its lease renewed
   * while the stream lasts (a process that dies leaves a row that lapses within PRESENCE_LEASE_MS).
   * Bots are listed online by it; every player's whileConnected seeks last by it; once it is
   * written, onOnline tells the tournaments (an arena pairs connected players). Returns the call
   * that ends it; `gone` runs once the row is gone (the seeks of a player with no stream left end).
   */
  online(playerId: string, gone?: () => Promise<unknown>): () => void {
    const { store, now } = this.deps;
    const id = crypto.randomUUID();
    // Nobody waits for these writes: a failure is logged, and the next renewal (or the sweep of
    // a lapsed lease) makes up for it.
    const failures = this.presenceFailures;
    const settled = (step: string) => [() => failures.worked(), (e: unknown) => failures.failed(e, { step })] as const;
    const hold = () => store.holdPresence(id, playerId, new Date(now().getTime() + PRESENCE_LEASE_MS)).then(...settled('hold'));
    void store.sweepPresence(now()).then(...settled('sweep'));
    const holding = hold();
    void holding.then(() => this.deps.onOnline?.(playerId)).then(...settled('online'));
    const timer = setInterval(hold, PRESENCE_RENEW_MS);
    timer.unref();
    return () => {
      clearInterval(timer);
      // The row goes, then the player's whileConnected seeks end when no stream is left.
      void holding
        .then(() => store.dropPresence(id))
        .then(() => gone?.())
        .then(...settled('end'));
    };
  }

  /**
   * A taken username is found out before any hash is made: a refusal costs a read, not a scrypt.
   * (The insert still refuses it if another request takes it in between.)
   */
  private async refuseTaken(username: string): Promise<void> {
    if (await this.deps.store.byUsername(usernameKey(username))) throw usernameTaken(username);
  }

  private async newPasswordHash(password: string): Promise<string> {
    const weakness = passwordWeakness(password);
    if (weakness) throw new DomainError('WEAK_PASSWORD', weakness);
    return hashPassword(password, this.scrypt);
  }

  private async profileChanged(playerId: string): Promise<void> {
    this.deps.players.forget(playerId);
    await announceProfileChange(this.deps.notifier, playerId);
  }
}

const usernameTaken = (username: string) => new DomainError('USERNAME_TAKEN', `the username ${username} is taken`);

function tokenItem(row: AccessTokenRow, current: string | null) {
  return {
    tokenId: row.id,
    name: row.label ?? row.name,
    scopes: SCOPES.filter((s) => row.scopes.includes(s)),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    current: row.id === current,
  };
}
