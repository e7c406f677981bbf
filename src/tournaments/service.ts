// The tournaments' application layer: create, list, read, join, withdraw, follow the stream, and
// the director's tick that starts, pairs and ends them by the clock (step.ts decides, the store
// writes under the tournament's row lock, this file announces).
import type { Players } from '../accounts/index.ts';
import { checkNotDeleted, type Randomness } from '../games/index.ts';
import { scrubbedMessage } from '../platform/db/errors.ts';
import type { TournamentStatus } from './tables.ts';
import { DomainError } from '../platform/errors.ts';
import type { Logger } from '../platform/log.ts';
import type { Feed } from '../platform/streams/feed.ts';
import type { Notifier } from '../platform/streams/notifier.ts';
import { announceNoticed } from '../platform/streams/player-events.ts';
import { checkJoin, checkWithdraw, decideCreate, type CreateTournamentRequest } from './decide.ts';
import { tournamentFeed, tournamentKey } from './feed.ts';
import { MAX_UPCOMING } from './limits.ts';
import { decideStep, standingsOf } from './step.ts';
import type { TournamentStore } from './store.ts';
import { STANDINGS_PAGE, standingsPage } from './standings-page.ts';
import { namedStandings, tournamentSummary, tournamentView, type StandingView, type TournamentRow, type TournamentView } from './view.ts';

/** Which page of the standings a read answers: at most `limit` rows after `cursor`. */
export interface StandingsQuery {
  limit?: number;
  cursor?: string;
}

export interface TournamentServiceDeps {
  store: TournamentStore;
  players: Players;
  notifier: Notifier;
  random: Randomness;
  now: () => Date;
  log: Logger;
  /** The length of an arena's minute (TOURNAMENT_MINUTE_MS: 60 s but in tests). */
  minuteMs?: number;
  /** The waiting player's claim of a game past its deadline (GameService.claimTimeout). */
  claimTimeout: (gameId: string, playerId: string) => Promise<unknown>;
}

const notFound = (id: string) => new DomainError('TOURNAMENT_NOT_FOUND', `there is no tournament ${id}`);

export class TournamentService {
  constructor(private readonly deps: TournamentServiceDeps) {}

  async create(playerId: string, request: CreateTournamentRequest, id: string = crypto.randomUUID()): Promise<TournamentView> {
    const { store, players, now } = this.deps;
    await checkNotDeleted(players, playerId);
    if (!(await players.withAccounts([playerId])).has(playerId))
      throw new DomainError('ACCOUNT_REQUIRED', 'only an account creates tournaments: sign up, or make this guest an account');
    const made = decideCreate(request, playerId, id, now(), this.deps.minuteMs);
    if (made instanceof DomainError) throw made;
    const row = await store.create(made, (upcoming) => {
      if (upcoming >= MAX_UPCOMING) throw new DomainError('TOO_MANY_TOURNAMENTS', `you have ${upcoming} upcoming tournaments: wait until one starts`);
    });
    return this.view(row);
  }

  async list(query: { status: TournamentStatus; limit: number; cursor?: string }) {
    const { rows, nextCursor } = await this.deps.store.page(query);
    const counts = await this.deps.store.counts(rows.map((r) => r.id));
    const names = await this.deps.players.namesOf(rows.map((r) => r.createdBy));
    return { items: rows.map((r) => tournamentSummary(r, counts.get(r.id) ?? 0, names)), nextCursor };
  }

  /** The tournament with one page of its standings (standings-page.ts; the first by default). */
  async get(id: string, page: StandingsQuery = {}): Promise<TournamentView> {
    return this.view(await this.load(id), page);
  }

  /** The player enters (again, after a withdrawal: back in, the score kept). */
  async join(id: string, playerId: string): Promise<TournamentView> {
    const { store, players, now } = this.deps;
    const player = await players.getPlayer(playerId);
    if (!player || player.deletedAt) throw new DomainError('PLAYER_NOT_FOUND', 'no such player');
    const account = (await players.withAccounts([playerId])).has(playerId);
    const t = await store.enter(id, playerId, (t, entry, entrants) => {
      const refused = checkJoin(t, { entry, entrants, bot: player.bot, account }, now());
      if (refused) throw refused;
      return entry && !entry.withdrawn ? null : false;
    });
    if (!t) throw notFound(id);
    return this.get(id);
  }

  /** The player leaves: not paired again; the score made stays. */
  async withdraw(id: string, playerId: string): Promise<void> {
    const t = await this.deps.store.enter(id, playerId, (t, entry) => {
      const refused = checkWithdraw(t, entry, this.deps.now());
      if (refused) throw refused;
      return true;
    });
    if (!t) throw notFound(id);
  }

  /** A deleted player: withdrawn from every tournament not finished (it is never paired again). */
  async endAllOf(playerId: string): Promise<void> {
    await this.deps.store.withdrawEverywhere(playerId);
  }

  /** The games of the tournament (its export); TOURNAMENT_NOT_FOUND first. */
  async gameIds(id: string): Promise<string[]> {
    await this.load(id);
    return this.deps.store.gameIds(id);
  }

  /** The tournament's events after `after` as they happen (feed.ts says which, in what pieces); complete after tournamentEnd. */
  async feed(id: string, after: number, client?: string): Promise<Feed> {
    if (!(await this.deps.store.head(id))) throw notFound(id);
    return tournamentFeed(this.deps.store, this.deps.notifier, id, after, client);
  }

  /**
   * The director's tick: games past their deadline are claimed for the waiting player, then every
   * tournament with work due is moved on (one process at a time per tournament: the row lock).
   * Returns how many steps this process wrote.
   */
  async tick(): Promise<number> {
    const { store, now, log } = this.deps;
    await this.claimTimeouts();
    let steps = 0;
    for (const id of await store.due(now())) {
      try {
        if (await this.advance(id)) steps++;
      } catch (e) {
        // A lost race (a player paired by another tournament at once: the seat index refuses) or
        // the database away: the next tick tries again.
        log.error({ event: 'tournamentStepFailed', tournamentId: id, message: scrubbedMessage(e) });
      }
    }
    return steps;
  }

  /** One step of one tournament, if due and not being taken by another process right now. */
  async advance(id: string): Promise<boolean> {
    const { store, notifier, random, now } = this.deps;
    const draw = () => ({ id: crypto.randomUUID(), serverSeed: random.serverSeed() });
    const written = await store.step(id, now, (snapshot, at) => decideStep(snapshot, at, draw));
    if (!written) return false;
    await notifier.publish(tournamentKey(id), written.version);
    await announceNoticed(notifier, written.noticed);
    return true;
  }

  private async claimTimeouts(): Promise<void> {
    for (const { gameId, players } of await this.deps.store.overdue(this.deps.now())) {
      for (const playerId of players) {
        try {
          await this.deps.claimTimeout(gameId, playerId);
          break;
        } catch (e) {
          // The player to move (YOUR_TURN), or the game moved meanwhile: the other seat, or nothing.
          if (!(e instanceof DomainError)) throw e;
        }
      }
    }
  }

  private async load(id: string): Promise<TournamentRow> {
    const t = await this.deps.store.get(id);
    if (!t) throw notFound(id);
    return t;
  }

  private async view(t: TournamentRow, { limit = STANDINGS_PAGE.default, cursor }: StandingsQuery = {}): Promise<TournamentView> {
    const { store, players } = this.deps;
    // A finished event's table is kept with its end, named: what is read besides is its size and the last round.
    if (t.status === 'finished' && t.standings) {
      const [counts, pairings] = await Promise.all([store.counts([t.id]), store.pairings(t.id, t.round)]);
      const page = standingsPage(t.standings as StandingView[], limit, cursor);
      return tournamentView(t, counts.get(t.id) ?? 0, await players.namesOf([t.createdBy]), page, pairings);
    }
    const [entrants, pairings] = await Promise.all([store.entrants(t.id), store.pairings(t.id)]);
    const { rows, nextCursor } = standingsPage(standingsOf(t, entrants, pairings), limit, cursor);
    // Only the page's players are named.
    const names = await players.namesOf([t.createdBy, ...rows.map((s) => s.playerId)]);
    return tournamentView(t, entrants.length, names, { rows: namedStandings(rows, names), nextCursor }, pairings);
  }
}
