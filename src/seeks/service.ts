// The pairing pool's application layer: a seek is placed (paired at once with the oldest
// compatible waiting seek, or left waiting), read, listed, withdrawn by its owner, ended when its
// owner's last stream closes (whileConnected), and expired by the sweeper.
import type { Notifier } from '../platform/streams/notifier.ts';
import { announceNoticed } from '../platform/streams/player-events.ts';
import type { SeekStore, SeeksEnded } from './store.ts';
import type { Variant } from '../engine/index.ts';
import { DomainError } from '../platform/errors.ts';
import { checkWaitingSeeks } from './open-caps.ts';
import { checkNotDeleted, configOf, type RuleOptions, ratedTurnSeconds } from '../games/index.ts';
import type { Randomness } from '../games/index.ts';
import type { Players } from '../accounts/index.ts';
import { STARTING_RATING } from '../ratings/index.ts';
import { decidePairing } from './pairing.ts';
import { poolKey, type SeekOptions } from './pool.ts';
import { seekView, type SeekView } from './view.ts';

export interface SeekServiceDeps {
  store: SeekStore;
  notifier: Notifier;
  random: Randomness;
  now: () => Date;
  /** How long a seek waits at most (SEEK_TTL_SECONDS). */
  ttlMs: number;
  players: Players;
}

export interface SeekRequest extends RuleOptions {
  variant: Variant;
  turnSeconds?: number;
  rated?: boolean;
  /** 1 (default): one game; n ≥ 2: a match of n games. */
  games?: number;
  /** The opponent's rating, inclusive. */
  ratingRange?: [number, number];
  whileConnected?: boolean;
}

export class SeekService {
  constructor(private readonly deps: SeekServiceDeps) {}

  /**
   * A new seek: paired at once when a compatible one waits (both players are told), else waiting.
   * The answer is the seek as placed, with no read after the commit: once a seek is made nothing
   * can fail its answer, and so let a keyed repeat (seeks/api.ts) make a second one.
   */
  async seek(playerId: string, request: SeekRequest, id: string = crypto.randomUUID()): Promise<SeekView> {
    const { store, random, now, ttlMs, notifier, players } = this.deps;
    const rated = request.rated ?? false;
    // A cheap refusal of a player being deleted; the placing transaction checks it again, under its row's lock.
    await checkNotDeleted(players, playerId);
    // A rated seek is held to a rated game's rules (an account, a deadline: 60 s when left out),
    // and so is its partner: a rated seek is compatible only with rated ones.
    const turnSeconds = await ratedTurnSeconds(players, playerId, undefined, request);
    const options: SeekOptions = { config: configOf(request, false), turnSeconds, rated, games: request.games ?? 1 };
    const at = now();
    // A cheap refusal first; the exact count is taken again where the seek would be left waiting.
    checkWaitingSeeks(await store.waitingOf(playerId, at));
    const rating = (await store.ratingOf(playerId, options.config.variant)) ?? STARTING_RATING;
    const seeker = (await players.namesOf([playerId])).get(playerId);
    if (!seeker) throw new Error(`player ${playerId} is not known`);
    const [ratingMin, ratingMax] = request.ratingRange ?? [null, null];
    const placed = await store.place(
      {
        id,
        playerId,
        pool: poolKey(options),
        ...options,
        rating,
        ratingMin,
        ratingMax,
        whileConnected: request.whileConnected ?? false,
        createdAt: at,
        expiresAt: new Date(at.getTime() + ttlMs),
      },
      (partner) =>
        decidePairing(options, partner.playerId, playerId, { id: crypto.randomUUID(), serverSeed: random.serverSeed(), seat: random.seat(), gameId: crypto.randomUUID(), gameSeed: random.serverSeed() }, at),
      checkWaitingSeeks,
    );
    // After the commit: the streams of both players wake (on every process, through the notifier).
    await announceNoticed(notifier, placed.noticed);
    return seekView({ ...placed.seek, ...seeker });
  }

  async get(seekId: string): Promise<SeekView> {
    const row = await this.deps.store.get(seekId);
    if (!row) throw new DomainError('SEEK_NOT_FOUND', `there is no seek ${seekId}`);
    return seekView(row);
  }

  /** The pool: waiting seeks, oldest first. */
  async pool(query: { limit: number; cursor?: string }): Promise<{ items: SeekView[]; nextCursor: string | null }> {
    const page = await this.deps.store.page({ ...query, now: this.deps.now() });
    return { items: page.seeks.map(seekView), nextCursor: page.nextCursor };
  }

  /** The waiting seeks of these players, by player (the lobby's bots online: what each accepts). */
  async waitingOf(playerIds: readonly string[]): Promise<Map<string, SeekView[]>> {
    const out = new Map<string, SeekView[]>(playerIds.map((id) => [id, []]));
    for (const row of await this.deps.store.waitingOfPlayers(playerIds, this.deps.now())) out.get(row.playerId)?.push(seekView(row));
    return out;
  }

  /** Its owner takes a waiting seek out of the pool; one that has ended already stays as it is. */
  async withdraw(seekId: string, playerId: string): Promise<void> {
    const { store, now } = this.deps;
    const { ended, noticed } = await store.end(seekId, playerId, 'withdrawn', now());
    if (ended > 0) return announceNoticed(this.deps.notifier, noticed);
    const row = await store.get(seekId);
    if (!row) throw new DomainError('SEEK_NOT_FOUND', `there is no seek ${seekId}`);
    if (row.playerId !== playerId) throw new DomainError('NOT_YOUR_SEEK', 'only the player who seeks withdraws a seek');
    if (row.status === 'paired') throw new DomainError('SEEK_PAIRED', 'the seek was paired already: its game or match has begun');
  }

  /** A player is being deleted: its waiting seeks are withdrawn (it hears of each, as of any withdrawal). */
  async endAllOf(playerId: string): Promise<number> {
    return this.announced(await this.deps.store.endAllOf(playerId, this.deps.now()));
  }

  /** One of the player's streams has closed (its presence lease is gone): its whileConnected seeks end unless another stream is open. */
  async streamClosed(playerId: string): Promise<number> {
    return this.announced(await this.deps.store.disconnect(this.deps.now(), { playerId }));
  }

  /** After the commit: the owners' streams hear of their ended seeks (on every process, through the notifier). */
  private async announced({ ended, noticed }: SeeksEnded): Promise<number> {
    await announceNoticed(this.deps.notifier, noticed);
    return ended;
  }

  /**
   * The sweeper's part: seeks past their time expire; whileConnected seeks whose owner has no
   * open stream anywhere (made more than `graceMs` ago) end; ended seeks older than `keepMs` go.
   */
  async sweep(graceMs: number, keepMs: number): Promise<{ expired: number; disconnected: number; forgotten: number }> {
    const { store, now } = this.deps;
    const at = now();
    return {
      expired: await this.announced(await store.expire(at)),
      disconnected: await this.announced(await store.disconnect(at, { madeBefore: new Date(at.getTime() - graceMs) })),
      forgotten: await store.forgetEndedBefore(new Date(at.getTime() - keepMs)),
    };
  }
}
