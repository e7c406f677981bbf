// The matches' application layer: create, join, read the sheet, follow the match's log, and move
// the match on when one of its games ends. The decisions are the pure ones of matches/decide.ts;
// this file loads, appends under the match's version guard, and announces.
import { MatchConflictError } from './queries.ts';
import type { MatchStore } from './store.ts';
import type { Notifier } from '../platform/streams/notifier.ts';
import { announceNoticed } from '../platform/streams/player-events.ts';
import { scrubbedMessage } from '../platform/db/errors.ts';
import type { MatchRow, MatchStatus } from './tables.ts';
import type { Players } from '../accounts/index.ts';
import { seedCommitment } from '../engine/index.ts';
import { DomainError } from '../platform/errors.ts';
import { checkWaitingMatches } from './open-caps.ts';
import { checkNotDeleted, checkOpponent, configOf, type RuleOptions, checkAccounts, ratedTurnSeconds } from '../games/index.ts';
import { feedWaiter, type Feed } from '../platform/streams/feed.ts';
import type { Game, Randomness } from '../games/index.ts';
import type { Logger } from '../platform/log.ts';
import { challengeNotices, decideCancel, decideDecline, decideExpiry, decideJoin, decideNext, type Draw, type MatchStep } from './decide.ts';
import { matchPlayerIds } from './sheet.ts';
import { matchSummary, matchView, type MatchView } from './view.ts';

/** The notifier key of a match: waiters on the match's event log use it. */
export const matchKey = (matchId: string) => `match:${matchId}`;

export interface MatchServiceDeps {
  store: MatchStore;
  players: Players;
  notifier: Notifier;
  random: Randomness;
  now: () => Date;
  log: Logger;
}

export interface NewMatchRequest extends RuleOptions {
  games: number;
  opponent?: string;
  turnSeconds?: number;
  /** Every game of a rated match is rated (games/rated.ts: two accounts, a deadline, default 60 s). */
  rated?: boolean;
}

export class MatchService {
  constructor(private readonly deps: MatchServiceDeps) {}

  async create(playerId: string, request: NewMatchRequest, id: string = crypto.randomUUID()): Promise<MatchView> {
    const { store, players, random, now } = this.deps;
    await checkNotDeleted(players, playerId);
    await checkOpponent(players, playerId, request.opponent);
    const turnSeconds = await ratedTurnSeconds(players, playerId, request.opponent, request);
    const matchSeed = random.serverSeed();
    const fields = {
      id,
      config: configOf(request, false),
      games: request.games,
      turnSeconds,
      rated: request.rated === true,
      creatorPlayerId: playerId,
      reservedPlayerId: request.opponent ?? null,
      matchSeed,
      seedCommitment: seedCommitment(matchSeed),
      at: now(),
    };
    const { row, noticed } = await store.createMatch({ ...fields, notices: challengeNotices(fields, playerId) }, checkWaitingMatches);
    await announceNoticed(this.deps.notifier, noticed);
    return this.view(row);
  }

  /** The matches lobby: in `status` (waiting: open to join), newest first. */
  async lobby(query: { status: MatchStatus; limit: number; cursor?: string }) {
    const page = await this.deps.store.listMatches(query);
    const names = await this.deps.players.namesOf(page.matches.flatMap(matchPlayerIds));
    return { matches: page.matches.map((m) => matchSummary(m, names)), nextCursor: page.nextCursor };
  }

  /** Its creator calls a waiting match off (again: nothing changes). */
  async cancel(matchId: string, playerId: string): Promise<void> {
    await this.settle(matchId, (match) => decideCancel(match, playerId));
  }

  /** The player a waiting match is reserved for declines it: the match is called off. */
  async decline(matchId: string, playerId: string): Promise<void> {
    await this.settle(matchId, (match) => decideDecline(match, playerId));
  }

  /** Nobody joined in time: the waiting match is called off (the sweeper's command). */
  async expire(matchId: string): Promise<void> {
    await this.settle(matchId, (match) => decideExpiry(match) ?? { events: [], status: match.status, notices: [] });
  }

  /**
   * A player is being deleted: its waiting matches are called off, those reserved for it declined.
   * A match it plays has no resign of its own: it ends as its games do (the games resign them,
   * GameService.endAllOf); here a step it is due for (a game ended, the next not started: its
   * writer failed) is written, so its next game starts and is resigned too. Returns how many
   * matches it moved on.
   */
  async endAllOf(playerId: string): Promise<number> {
    let moved = 0;
    for (const match of await this.deps.store.openMatchesOf(playerId)) {
      try {
        if (match.status === 'playing') {
          if (await this.advance(match.id)) moved++;
          continue;
        }
        await (match.creatorPlayerId === playerId ? this.cancel(match.id, playerId) : this.decline(match.id, playerId));
        moved++;
      } catch (e) {
        // Refused: the match changed meanwhile (joined, called off); the caller looks again.
        if (!(e instanceof DomainError)) throw e;
      }
    }
    return moved;
  }

  /** Waiting matches created before `before` (to expire). */
  waitingSince(before: Date, limit: number): Promise<string[]> {
    return this.deps.store.waitingSince(before, limit);
  }

  /**
   * A step decided on the match as it is; lost to another write, decided once more on what won
   * (a join that came first makes a calling-off refused, a calling-off that came first makes
   * another one moot).
   */
  private async settle(matchId: string, decide: (match: MatchRow) => MatchStep | DomainError): Promise<void> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const match = await this.load(matchId);
      const step = decide(match);
      if (step instanceof DomainError) throw step;
      if (step.events.length === 0) return;
      if (await this.write(match, step)) return;
    }
    throw new DomainError('VERSION_CONFLICT', 'the match changed meanwhile; try again');
  }

  /** The second player takes the free slot; game 1 starts. */
  async join(matchId: string, playerId: string): Promise<MatchView> {
    await checkNotDeleted(this.deps.players, playerId);
    const match = await this.load(matchId);
    if (match.rated) await checkAccounts(this.deps.players, [playerId]);
    const step = decideJoin(match, playerId, this.draw());
    if (step instanceof DomainError) throw step;
    const row = await this.write(match, step);
    if (!row) throw new DomainError('MATCH_FULL', 'someone else took the slot first');
    return this.view(row);
  }

  /**
   * The score sheet. The safety net: when a game has finished but its finisher never got to
   * start the next one (or is doing so right now: then this reader loses the race and reads what
   * the winner wrote), the step is written here.
   */
  async read(matchId: string): Promise<MatchView> {
    let match = await this.load(matchId);
    const played = await this.deps.store.playedGames(matchId);
    if (match.status === 'playing' && played.at(-1)?.result) {
      await this.advance(matchId);
      match = await this.load(matchId);
      return this.view(match);
    }
    return this.view(match, played);
  }

  async log(matchId: string, after: number) {
    const match = await this.load(matchId);
    const events = await this.deps.store.events(matchId, after);
    return { version: match.version, finished: match.status === 'finished', events };
  }

  /** The match's events after `after` as they happen; complete after matchFinished. */
  async feed(matchId: string, after: number, client?: string): Promise<Feed> {
    const { store, notifier } = this.deps;
    await this.load(matchId);
    let seq = after;
    return {
      ...feedWaiter(notifier, matchKey(matchId), async () => (await store.getMatch(matchId))?.version ?? null, client),
      next: async () => {
        const match = await this.load(matchId);
        let known = match.version;
        const items = [];
        for (const { seq: s, event } of await store.events(matchId, seq)) {
          items.push({ seq: s, type: event.type, payload: event });
          seq = known = Math.max(known, s);
        }
        const over = match.status === 'finished' || match.status === 'cancelled';
        return { items, version: over && seq >= match.version ? null : known };
      },
    };
  }

  /**
   * The hook of the game commands: a game has just finished. The game's own write is committed,
   * so a failure here is logged, not answered; the next read of the match repeats the step.
   */
  async gameFinished(game: Game, requestId?: string): Promise<void> {
    const { matchId, id } = game.row;
    if (!matchId) return;
    try {
      await this.advance(matchId);
    } catch (e) {
      this.deps.log.error({ requestId, event: 'matchAdvanceFailed', matchId, gameId: id, message: scrubbedMessage(e) });
    }
  }

  /**
   * Writes the step the match is due for, if any. Any number of callers may race: the match
   * version guards the step, so exactly one of them writes it; a loser looks once more in case
   * yet another step is due.
   */
  private async advance(matchId: string): Promise<boolean> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const match = await this.deps.store.getMatch(matchId);
      if (!match) return false;
      const step = decideNext(match, await this.deps.store.playedGames(matchId), this.draw());
      if (!step) return false;
      if (await this.write(match, step)) return true;
    }
    return false;
  }

  /** Appends a step decided at `match`'s version; null when another write came first. */
  private async write(match: MatchRow, step: MatchStep): Promise<MatchRow | null> {
    try {
      const { row, noticed } = await this.deps.store.advance({ matchId: match.id, expectedVersion: match.version, ...step, at: this.deps.now() });
      await this.deps.notifier.publish(matchKey(match.id), row.version);
      await announceNoticed(this.deps.notifier, noticed);
      return row;
    } catch (e) {
      if (e instanceof MatchConflictError) return null;
      throw e;
    }
  }

  private async load(matchId: string): Promise<MatchRow> {
    const match = await this.deps.store.getMatch(matchId);
    if (!match) throw new DomainError('MATCH_NOT_FOUND', `there is no match ${matchId}`);
    return match;
  }

  private async view(match: MatchRow, played?: Awaited<ReturnType<MatchStore['playedGames']>>): Promise<MatchView> {
    const games = played ?? (match.status === 'waiting' ? [] : await this.deps.store.playedGames(match.id));
    return matchView(match, games, await this.deps.players.namesOf(matchPlayerIds(match)));
  }

  private draw(): Draw {
    return { id: crypto.randomUUID(), serverSeed: this.deps.random.serverSeed() };
  }
}
