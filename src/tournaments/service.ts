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
import { checkJoin, checkPause, checkWithdraw, decideCreate, type CreateTournamentRequest } from './decide.ts';
import { tournamentFeed, tournamentKey } from './feed.ts';
import { capRefusal } from './limits.ts';
import { decideStep, standingsOf } from './step.ts';
import type { Due, EntrantRow, GamesQuery, TournamentStore } from './store.ts';
import { restEnds } from './rest.ts';
import type { TournamentSettings } from './settings.ts';
import { STANDINGS_PAGE, standingsPage } from './standings-page.ts';
import { namedStandings, tournamentGameView, tournamentSummary, tournamentView, type PairingRow, type StandingView, type TournamentGameView, type TournamentRow, type TournamentView, type YouView } from './view.ts';

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
  /** Tournaments not finished one account, and one client address, may have created (TOURNAMENT_MAX_PER_ACCOUNT, TOURNAMENT_MAX_PER_ADDRESS). */
  caps: Pick<TournamentSettings, 'maxPerAccount' | 'maxPerAddress'>;
}

/** What a tick did: the tournaments it looked at (due ones) and the steps it wrote. */
export interface TickReport {
  looked: number;
  steps: number;
}

/** Due tournaments read from the queue at a time. */
const DUE_BATCH = 200;

const notFound = (id: string) => new DomainError('TOURNAMENT_NOT_FOUND', `there is no tournament ${id}`);

export class TournamentService {
  constructor(private readonly deps: TournamentServiceDeps) {}

  /** A tournament `playerId` creates from `address`, within the caps (limits.ts) of what it and the address hold. */
  async create(playerId: string, request: CreateTournamentRequest, address: string, id: string = crypto.randomUUID()): Promise<TournamentView> {
    const { store, players, now } = this.deps;
    await checkNotDeleted(players, playerId);
    if (!(await players.withAccounts([playerId])).has(playerId))
      throw new DomainError('ACCOUNT_REQUIRED', 'only an account creates tournaments: sign up, or make this guest an account');
    const made = decideCreate(request, playerId, id, now(), this.deps.minuteMs);
    if (made instanceof DomainError) throw made;
    const row = await store.create(made, address, (held) => {
      const refused = capRefusal(held, this.deps.caps);
      if (refused) throw refused;
    });
    return this.view(row);
  }

  async list(query: { status: TournamentStatus; limit: number; cursor?: string }) {
    const { rows, nextCursor } = await this.deps.store.page(query);
    const counts = await this.deps.store.counts(rows.map((r) => r.id));
    const names = await this.deps.players.namesOf(rows.map((r) => r.createdBy));
    return { items: rows.map((r) => tournamentSummary(r, counts.get(r.id) ?? 0, names)), nextCursor };
  }

  /** The tournament with one page of its standings (standings-page.ts; the first by default); `caller`'s own state in an arena. */
  async get(id: string, page: StandingsQuery = {}, caller?: string): Promise<TournamentView> {
    return this.view(await this.load(id), page, caller);
  }

  /** The player enters (again, after a withdrawal: back in, the score kept). */
  async join(id: string, playerId: string): Promise<TournamentView> {
    const { store, players, now } = this.deps;
    const player = await players.getPlayer(playerId);
    if (!player || player.deletedAt) throw new DomainError('PLAYER_NOT_FOUND', 'no such player');
    const account = (await players.withAccounts([playerId])).has(playerId);
    const t = await store.enter(id, playerId, now(), (t, entry, entrants) => {
      const refused = checkJoin(t, { entry, entrants, bot: player.bot, account }, now());
      if (refused) throw refused;
      return entry && !entry.withdrawn ? null : false;
    });
    if (!t) throw notFound(id);
    await this.announce(id, t.version);
    return this.get(id, {}, playerId);
  }

  /**
   * The creator enters house bots of these levels (src/house: the service's own bots, which play
   * every game they are paired into). All or none: each level must have its bot playing now and
   * not in already; then each joins as a player would, in the order given.
   */
  async addHouseBots(id: string, callerId: string, levels: readonly string[]): Promise<TournamentView> {
    const { store, players, now } = this.deps;
    const t = await this.load(id);
    if (t.createdBy !== callerId) throw new DomainError('NOT_TOURNAMENT_CREATOR', 'only the creator of the tournament adds house bots to it');
    const shut = checkJoin(t, { entry: null, entrants: 0, bot: true, account: true }, now());
    if (shut) throw shut;
    const house = await players.houseBots(now());
    const bots = levels.map((level) => {
      const bot = house.find((b) => b.level === level);
      if (!bot?.online) throw new DomainError('HOUSE_BOT_NOT_RUNNING', `no house bot of level ${level} plays on this service now`);
      return { level, playerId: bot.playerId };
    });
    const inAlready = new Set((await store.entrants(id)).filter((e) => !e.withdrawn).map((e) => e.playerId));
    const entered = bots.find((b) => inAlready.has(b.playerId));
    if (entered) throw new DomainError('ALREADY_ENTERED', `the house bot of level ${entered.level} is in the tournament already`);
    if (inAlready.size + bots.length > t.maxPlayers) throw new DomainError('TOURNAMENT_FULL', `the tournament has room for ${Math.max(0, t.maxPlayers - inAlready.size)} more of its ${t.maxPlayers} players`);
    for (const bot of bots) {
      const done = await store.enter(id, bot.playerId, now(), (t, entry, entrants) => {
        const refused = checkJoin(t, { entry, entrants, bot: true, account: true }, now());
        if (refused) throw refused;
        return entry && !entry.withdrawn ? null : false;
      });
      if (done) await this.announce(id, done.version);
    }
    return this.get(id);
  }

  /** An arena's entrant pauses (not paired until back; a game being played goes on) or comes back. */
  async pause(id: string, playerId: string, paused: boolean): Promise<TournamentView> {
    const { store, now } = this.deps;
    const t = await store.pause(id, playerId, paused, now(), (t, entry) => {
      const refused = checkPause(t, entry, now());
      if (refused) throw refused;
    });
    if (!t) throw notFound(id);
    return this.get(id, {}, playerId);
  }

  /** The player leaves: not paired again; the score made stays. */
  async withdraw(id: string, playerId: string): Promise<void> {
    const { store, now } = this.deps;
    const t = await store.enter(id, playerId, now(), (t, entry) => {
      const refused = checkWithdraw(t, entry, now());
      if (refused) throw refused;
      return true;
    });
    if (!t) throw notFound(id);
    await this.announce(id, t.version);
    // Out of a running Swiss event, the player is free for its arenas again.
    if (t.row.system === 'swiss' && t.row.status === 'running') await store.wakeTournamentsOf([playerId], now(), id);
  }

  /** An entry's event written: the tournament's readers are woken. */
  private async announce(id: string, version: number | null): Promise<void> {
    if (version !== null) await this.deps.notifier.publish(tournamentKey(id), version);
  }

  /** A page of the tournament's games (its pairings: an arena's games, a Swiss event's matches), of one round or player if asked, named. */
  async games(id: string, query: GamesQuery): Promise<{ items: TournamentGameView[]; nextCursor: string | null }> {
    const { store, players } = this.deps;
    if (!(await store.head(id))) throw notFound(id);
    const { rows, nextCursor } = await store.gamesPage(id, query);
    const names = await players.namesOf(rows.flatMap((p) => [p.firstPlayerId, ...(p.secondPlayerId ? [p.secondPlayerId] : [])]));
    return { items: rows.map((p) => tournamentGameView(p, names)), nextCursor };
  }

  /** A game ended: if it is a tournament's, that tournament is due now (its result recorded, its next pairing made). */
  async gameEnded(gameId: string, matchId: string | null): Promise<void> {
    await this.deps.store.wakeOfGame(gameId, matchId, this.deps.now());
  }

  /** How long until the soonest tournament not due yet is due (null: none is waiting). */
  async untilNextDue(): Promise<number | null> {
    const now = this.deps.now();
    const next = await this.deps.store.nextDue(now);
    return next === null ? null : next.getTime() - now.getTime();
  }

  /** A director starts: the tournaments whose game ended unrecorded while no process was there to wake them are due now. */
  async recover(): Promise<void> {
    await this.deps.store.wakeUnrecorded(this.deps.now());
  }

  /** A player's stream opened (its presence is held): the arenas it is in may pair it now. */
  async playerOnline(playerId: string): Promise<void> {
    await this.deps.store.wakeTournamentsOf([playerId], this.deps.now());
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
   * The director's tick: every tournament due by now (the due queue, soonest first: however many
   * run, one due now is looked at in this tick) is moved on, one process at a time per tournament
   * (the row lock). A tournament not due is not read at all.
   */
  async tick(): Promise<TickReport> {
    const { store, now, log } = this.deps;
    const at = now();
    const report: TickReport = { looked: 0, steps: 0 };
    let after: Due | undefined;
    for (;;) {
      const batch = await store.due(at, DUE_BATCH, after);
      for (const due of batch) {
        try {
          const looked = await this.advance(due.id);
          if (looked) report.looked++;
          if (looked === 'written') report.steps++;
        } catch (e) {
          // A lost race (a player paired by another tournament at once: the seat index refuses) or
          // the database away: it is still due, and the next tick tries again.
          log.error({ event: 'tournamentStepFailed', tournamentId: due.id, message: scrubbedMessage(e) });
        }
      }
      if (batch.length < DUE_BATCH) return report;
      after = batch[batch.length - 1];
    }
  }

  /**
   * One look at one tournament, if due and not being taken by another process right now: its
   * step written and announced, the players it freed given to their other tournaments, its games
   * past their deadline claimed. False: not looked at.
   */
  async advance(id: string): Promise<false | 'looked' | 'written'> {
    const { store, notifier, random, now } = this.deps;
    const draw = () => ({ id: crypto.randomUUID(), serverSeed: random.serverSeed() });
    const stepped = await store.step(id, now, (snapshot, at) => decideStep(snapshot, at, draw));
    if (!stepped) return false;
    const { written, freed, overdue } = stepped;
    if (written) {
      await notifier.publish(tournamentKey(id), written.version);
      await announceNoticed(notifier, written.noticed);
    }
    await store.wakeTournamentsOf(freed, now(), id);
    await this.claimTimeouts(overdue);
    return written ? 'written' : 'looked';
  }

  /** Each game past its deadline claimed for its waiting player (the claim ends it, which makes its tournament due). */
  private async claimTimeouts(overdue: readonly { gameId: string; players: string[] }[]): Promise<void> {
    for (const { gameId, players } of overdue) {
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

  private async view(t: TournamentRow, { limit = STANDINGS_PAGE.default, cursor }: StandingsQuery = {}, caller?: string): Promise<TournamentView> {
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
    const paused = entrants.filter((e) => e.paused && !e.withdrawn).map((e) => e.playerId);
    return tournamentView(t, entrants.length, names, { rows: namedStandings(rows, names), nextCursor }, pairings, { paused, you: this.you(t, entrants, pairings, caller) });
  }

  /** The caller's own state in an arena not finished: paused, and the end of its rest (rest.ts). */
  private you(t: TournamentRow, entrants: readonly EntrantRow[], pairings: readonly PairingRow[], caller?: string): YouView | undefined {
    const entry = caller === undefined || t.system !== 'arena' ? undefined : entrants.find((e) => e.playerId === caller && !e.withdrawn);
    if (!entry || !caller) return undefined;
    const now = this.deps.now();
    const mine = pairings.filter((p) => p.firstPlayerId === caller || p.secondPlayerId === caller);
    const until = restEnds(mine, this.deps.store.restMs).get(caller);
    const playing = mine.some((p) => p.endedAt === null);
    return { paused: entry.paused, restUntil: until && !playing && until > now ? until.toISOString() : null };
  }
}
