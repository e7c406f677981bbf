// The games' application layer: every use case of a game, without HTTP. The commands (join, a
// move, a timeout claim) run through the one command handler; the reads go through the
// repository; what comes back is the read model (games/view.ts).
import type { GameListQuery } from './store.ts';
import type { Notifier } from '../platform/streams/notifier.ts';
import type { Players } from '../accounts/index.ts';
import { seedCommitment, viewEvent, type Move, type Seat, type Viewer } from '../engine/index.ts';
import { DomainError } from '../platform/errors.ts';
import type { GameCommand } from './commands.ts';
import { checkWaitingGames } from './open-caps.ts';
import { feedWaiter, type Feed, type FeedItem } from '../platform/streams/feed.ts';
import { SharedRounds, SharedViews, type RoundKind } from './shared-views.ts';
import { isFinished, seatOf, viewerOf, type Game } from './game.ts';
import { runCommand, type CommandDeps, type Rater } from './run-command.ts';
import { checkNotDeleted, checkOpponent, configOf, deletedOpponent, type RuleOptions } from './options.ts';
import type { Randomness } from './randomness.ts';
import type { GameRepository } from './repository.ts';
import { challengeNotices, gameStartNotices } from './notices.ts';
import { checkAccounts, ratedTurnSeconds } from './rated.ts';
import { bothSeated, seated } from './seating.ts';
import { gameRecord, gameSummary, gameView, loggedEvents, minimalMoveAnswer, moveAnswer, playerIdsOf, type GameView, type MinimalMoveAnswer, type MoveAnswer } from './view.ts';
import type { Cancellation } from '../platform/cancellation.ts';

export interface GameServiceDeps {
  repository: GameRepository;
  players: Players;
  notifier: Notifier;
  random: Randomness;
  /** The service clock: turn deadlines and the time written with events. */
  now: () => Date;
  /** Called after a command finished a game (a match moves on). */
  onFinished: (game: Game, requestId?: string) => Promise<void>;
  /** Rates a rated game that has just finished (written with its end). */
  ratings: Rater;
}

export interface NewGameRequest extends RuleOptions {
  opponent?: string;
  seat?: Seat;
  /** 64 hex digits: a reproducible practice deal. */
  seed?: string;
  turnSeconds?: number;
  /** Rated (games/rated.ts): between two accounts, with a deadline (default 60 s), never with a seed. */
  rated?: boolean;
}

/**
 * How often endAllOf looks at a player's games: a pass per game of the longest match it plays
 * (at most 100), and a few more for games that changed as they were ended.
 */
const END_PASSES = 120;

/** A move as a client may send it: a cut may leave `at` to the server. */
export type MoveRequest = { move: Exclude<Move, { type: 'cut' }> | { type: 'cut'; at?: number }; expectedVersion?: number };

export class GameService {
  private readonly commandDeps: CommandDeps;
  /** The views streams send, made once per version per viewer (see feed). */
  readonly sharedViews = new SharedViews(
    (game, viewer) => this.view(game, viewer),
    undefined,
    (game, viewer) => this.viewNow(game, viewer),
  );
  /** What streams send after a change, made once per version per viewer and place (see feed). */
  readonly sharedRounds = new SharedRounds(
    (game, viewer, from, kind) => this.round(game, viewer, from, kind),
    undefined,
    (game, viewer, from, kind) => this.roundNow(game, viewer, from, kind),
  );

  constructor(private readonly deps: GameServiceDeps) {
    this.commandDeps = {
      repository: deps.repository,
      now: deps.now,
      onFinished: deps.onFinished,
      conflictFacts: async (game, seat) => ({ version: game.row.version, view: await this.view(game, seat ?? 'spectator') }),
      rate: (after, at) => deps.ratings.rate(after, at),
    };
  }

  /** The game as `viewer` sees it. */
  async view(game: Game, viewer: Viewer): Promise<GameView> {
    return gameView(game, viewer, await this.namesOf(game));
  }

  /** As `view`, at once: undefined when a player's name is not known to this process yet. */
  private viewNow(game: Game, viewer: Viewer): GameView | undefined {
    const names = this.deps.players.knownNamesOf(playerIdsOf([game.row]));
    return names ? gameView(game, viewer, names) : undefined;
  }

  /** A new game, `id` (drawn when not given); its creator takes a seat (the one asked for, or one drawn). */
  async create(playerId: string, request: NewGameRequest, id: string = crypto.randomUUID()): Promise<GameView> {
    const { random, now, players, repository } = this.deps;
    await checkNotDeleted(players, playerId);
    await checkOpponent(players, playerId, request.opponent);
    const turnSeconds = await ratedTurnSeconds(players, playerId, request.opponent, request);
    const rated = request.rated === true;
    const practice = request.seed !== undefined;
    // biome-ignore lint/style/noNonNullAssertion: practice is `seed !== undefined`
    const serverSeed = practice ? request.seed!.toLowerCase() : random.serverSeed();
    const seat = request.seat ?? random.seat();
    const at = now();
    const reserved = request.opponent ?? null;
    const game = await repository.create({
      id,
      config: configOf(request, practice),
      status: 'waiting',
      serverSeed,
      seedCommitment: seedCommitment(serverSeed),
      forehandPlayerId: seat === 'forehand' ? playerId : null,
      dealerPlayerId: seat === 'dealer' ? playerId : null,
      reservedPlayerId: reserved,
      turnSeconds,
      rated,
      createdAt: at,
      updatedAt: at,
      events: [seated(seat, playerId)],
      notices: reserved ? challengeNotices({ id, reservedPlayerId: reserved, config: configOf(request, practice), turnSeconds, rated }, playerId) : [],
    }, { creatorId: playerId, check: checkWaitingGames });
    return this.view(game, seat);
  }

  /** The creator calls its waiting game off (again: nothing changes). */
  async cancel(gameId: string, playerId: string): Promise<void> {
    await this.command(gameId, playerId, { type: 'cancel' });
  }

  /** The player a waiting game is reserved for declines it; the game is called off. */
  async decline(gameId: string, playerId: string): Promise<void> {
    await this.command(gameId, playerId, { type: 'decline' });
  }

  /** Nobody joined in time: the waiting game is called off (the sweeper's command). */
  async expire(gameId: string): Promise<void> {
    await runCommand(this.commandDeps, gameId, null, { type: 'expire' }, { answer: async () => null });
  }

  async join(gameId: string, playerId: string): Promise<GameView> {
    await checkNotDeleted(this.deps.players, playerId);
    // A game never stops being rated: any copy answers whether the joiner needs an account.
    const game = await this.deps.repository.load(gameId, { fresh: false });
    if (game.row.rated) await checkAccounts(this.deps.players, [playerId]);
    return this.command(gameId, playerId, { type: 'join' });
  }

  /**
   * A move; with an idempotency key, a repeat gets the first answer again. `minimal`: the answer
   * is only the new version (no view is built; HTTP's `Prefer: return=minimal`), and so is the
   * answer kept for the key.
   */
  async move(gameId: string, playerId: string, request: MoveRequest, idempotencyKey?: string, requestId?: string, minimal = false): Promise<MoveAnswer | MinimalMoveAnswer> {
    const sent = request.move;
    // A cut left open is the server's to choose (the player gives up that part of fairness).
    const move: Move = sent.type === 'cut' ? { type: 'cut', at: sent.at ?? this.deps.random.cut() } : sent;
    const command: GameCommand = { type: 'move', move, expectedVersion: request.expectedVersion };
    const handled = await runCommand(this.commandDeps, gameId, playerId, command, {
      answer: async (before, after, viewer): Promise<MoveAnswer | MinimalMoveAnswer> =>
        minimal ? minimalMoveAnswer(after, viewer) : moveAnswer(before, after, viewer, await this.namesOf(after)),
      idempotency: idempotencyKey === undefined ? undefined : { playerId, key: idempotencyKey, operation: 'makeMove', request },
      requestId,
      status: minimal ? 204 : 200,
    });
    return handled.answer;
  }

  /** After the deadline, the waiting player ends the game (see games/commands.ts). */
  async claimTimeout(gameId: string, playerId: string, requestId?: string): Promise<GameView> {
    return this.command(gameId, playerId, { type: 'claimTimeout' }, requestId);
  }

  /**
   * A player is being deleted: every game of its that is not over ends as its own calls would end
   * it. A waiting game it created is called off, one reserved for it declined, a running one
   * resigned (the other player wins; a rated game moves the ratings as any resign does). A match
   * starts its next game when one ends: that one is resigned in turn, until none is left. A game
   * that changed meanwhile is looked at again. Returns how many games it ended.
   */
  async endAllOf(playerId: string): Promise<number> {
    let ended = 0;
    for (let pass = 0; ; pass++) {
      const open = await this.deps.repository.openGamesOf(playerId);
      if (open.length === 0) return ended;
      if (pass >= END_PASSES) throw new Error(`player ${playerId}: its games were still not over after ${END_PASSES} passes`);
      for (const game of open) {
        const seated = game.forehandPlayerId === playerId || game.dealerPlayerId === playerId;
        const end =
          game.status !== 'waiting'
            ? () => this.move(game.id, playerId, { move: { type: 'resign' } }, undefined, undefined, true)
            : seated
              ? () => this.cancel(game.id, playerId)
              : () => this.decline(game.id, playerId);
        try {
          await end();
          ended++;
        } catch (e) {
          // Refused: the game changed meanwhile (joined, moved, ended); the next pass looks again.
          if (!(e instanceof DomainError)) throw e;
        }
      }
    }
  }

  /**
   * The same two players again, seats swapped, same options, a fresh seed (so a practice game's
   * rematch is no practice). Whoever asks first creates it; everyone after gets that game.
   */
  async rematch(gameId: string, playerId: string): Promise<{ created: boolean; view: GameView }> {
    const { repository, random, now } = this.deps;
    const { row, state } = await repository.load(gameId, { fresh: true });
    if (!seatOf(row, playerId))
      throw new DomainError('NOT_A_PLAYER', 'only the players of this game can ask for a rematch');
    if (row.matchId) throw new DomainError('MATCH_GAME', 'this game belongs to a match, which goes on by itself');
    if (state.phase !== 'finished') throw new DomainError('GAME_NOT_FINISHED', 'a rematch follows a finished game');
    await checkNotDeleted(this.deps.players, playerId);
    const other = row.forehandPlayerId === playerId ? row.dealerPlayerId : row.forehandPlayerId;
    if (other && (await this.deps.players.getPlayer(other))?.deletedAt) throw deletedOpponent();
    const serverSeed = random.serverSeed();
    const at = now();
    const gameId2 = crypto.randomUUID();
    // biome-ignore lint/style/noNonNullAssertion: a finished game had both seats taken
    const forehand = row.dealerPlayerId!;
    // biome-ignore lint/style/noNonNullAssertion: a finished game had both seats taken
    const dealer = row.forehandPlayerId!;
    const { game, created } = await repository.createRematch({
      id: gameId2,
      config: { ...row.config, practice: false },
      status: 'cutting',
      serverSeed,
      seedCommitment: seedCommitment(serverSeed),
      forehandPlayerId: forehand,
      dealerPlayerId: dealer,
      reservedPlayerId: null,
      turnSeconds: row.turnSeconds,
      rated: row.rated,
      rematchOf: row.id,
      createdAt: at,
      updatedAt: at,
      events: bothSeated(forehand, dealer),
      notices: gameStartNotices({ id: gameId2, forehandPlayerId: forehand, dealerPlayerId: dealer, matchId: null, number: null }),
    });
    return { created, view: await this.view(game, viewerOf(game.row, playerId)) };
  }

  /**
   * The game for a reader: as it is now, or (`waitForVersion`) once it has moved past that
   * version, waiting up to `timeoutMs` (`client`: who waits, held to its share of the slots).
   */
  async read(gameId: string, playerId: string | undefined, wait?: { version: number; timeoutMs: number; cancel?: Cancellation; client?: string }) {
    const { repository } = this.deps;
    const game = wait
      ? await repository.waitPast(gameId, wait.version, wait.timeoutMs, wait.cancel, wait.client)
      : await repository.load(gameId, { fresh: true });
    return { game, viewer: viewerOf(game.row, playerId) };
  }

  /** The event log after `after`, as the reader may see it (whole once the game is over). */
  async log(gameId: string, playerId: string | undefined, after: number) {
    const game = await this.deps.repository.load(gameId, { fresh: true });
    const finished = isFinished(game);
    return { version: game.row.version, finished, events: loggedEvents(game.events, viewerOf(game.row, playerId), finished, after) };
  }

  /** The game as `playerId` sees it now: a create's answer again, for a repeat that finds it made. */
  async viewFor(gameId: string, playerId: string): Promise<GameView> {
    const { game, viewer } = await this.read(gameId, playerId);
    return this.view(game, viewer);
  }

  /** The self-contained record of a finished game. */
  async record(gameId: string) {
    const game = await this.deps.repository.load(gameId, { fresh: true });
    const result = game.state.result;
    if (!result) throw new DomainError('RECORD_NOT_AVAILABLE', 'the record is published when the game is finished');
    return gameRecord(game, result, await this.deps.players.namesOf(playerIdsOf([game.row])));
  }

  /** The lobby: games newest first. */
  async lobby(query: GameListQuery) {
    const page = await this.deps.repository.page(query);
    const names = await this.deps.players.namesOf(playerIdsOf(page.games));
    return { games: page.games.map((row) => gameSummary(row, names)), nextCursor: page.nextCursor };
  }

  /**
   * The game's events after `after` as they happen, redacted for the reader; complete at the end.
   * `client` (who reads: the player, or an address) is held to its share of the waiter slots.
   * `views`: a `view` item too (the reader's view, shared by every stream of that reader here,
   * see shared-views.ts): the current view first, then one after the events of each change.
   * Each round looks at this process's copy of the game when nothing newer has been announced
   * (a commit anywhere is announced and wakes the stream); after a wait that ran out, the
   * database, so an announcement that never came is caught at the next heartbeat.
   */
  async feed(gameId: string, playerId: string | undefined, after: number, client?: string, { views = false } = {}): Promise<Feed> {
    const { repository, notifier } = this.deps;
    let game: Game | null = await repository.load(gameId, { fresh: true });
    const viewer = viewerOf(game.row, playerId);
    let seq = after;
    let first = true;
    let fresh = false;
    const waiter = feedWaiter(notifier, gameId, async () => (fresh ? null : repository.copy(gameId)?.row.version) ?? repository.version(gameId), client);
    return {
      waitPast: async (version, timeoutMs, cancel, push) => {
        const moved = await waiter.waitPast(version, timeoutMs, cancel, push);
        fresh = !moved;
        return moved;
      },
      release: waiter.release,
      next: async () => {
        const current = game ?? (await repository.load(gameId, { fresh }));
        game = null;
        fresh = false;
        const from = seq;
        const kind: RoundKind = !views ? 'events' : first ? 'first' : 'next';
        first = false;
        seq = Math.max(seq, current.events.length);
        // Every stream of this viewer at the same place gets the same list (and its text, sse.ts).
        const items = await this.sharedRounds.items(current, viewer, from, kind);
        const finished = isFinished(current);
        // The stream is complete once the game is over: played to its end, or called off.
        return { items, version: finished || current.state.phase === 'cancelled' ? null : current.row.version };
      },
      nextNow: () => {
        // Only from this process's copy of the game, between rounds of a game still on.
        if (game !== null || fresh) return null;
        const current = repository.copy(gameId);
        if (!current || isFinished(current) || current.state.phase === 'cancelled') return null;
        const kind: RoundKind = views ? 'next' : 'events';
        const items = this.sharedRounds.itemsNow(current, viewer, seq, kind);
        if (items === undefined) return null;
        seq = Math.max(seq, current.events.length);
        return { items, version: current.row.version };
      },
    };
  }

  /**
   * A stream's round (see feed): with views, the view first (`first`); the events after `from`,
   * redacted for `viewer`; with views, the view after them when there were any (`next`). The
   * view's id is the last event's seq sent before it: a resume from it misses nothing.
   */
  private async round(game: Game, viewer: Viewer, from: number, kind: RoundKind): Promise<readonly FeedItem[]> {
    return this.roundOf(game, viewer, from, kind, viewSent(game, from, kind) ? await this.sharedViews.text(game, viewer) : undefined);
  }

  /** As `round`, at once: undefined when the view it sends cannot be made without waiting. */
  private roundNow(game: Game, viewer: Viewer, from: number, kind: RoundKind): readonly FeedItem[] | undefined {
    const sends = viewSent(game, from, kind);
    const view = sends ? this.sharedViews.textNow(game, viewer) : undefined;
    return sends && view === undefined ? undefined : this.roundOf(game, viewer, from, kind, view);
  }

  /** The round's items, given the view's text when the round sends one. */
  private roundOf(game: Game, viewer: Viewer, from: number, kind: RoundKind, view: string | undefined): readonly FeedItem[] {
    const finished = isFinished(game);
    const items: FeedItem[] = [];
    if (kind === 'first') items.push({ seq: from, type: 'view', payload: null, data: view });
    let seq = from;
    for (; seq < game.events.length; seq++) {
      const event = viewEvent(game.events[seq], viewer, finished);
      items.push({ seq: seq + 1, type: event.type, payload: event });
    }
    if (kind === 'next' && seq > from) items.push({ seq, type: 'view', payload: null, data: view });
    return items;
  }

  /** A command answered with the game as its player sees it afterwards. */
  private async command(gameId: string, playerId: string, command: GameCommand, requestId?: string): Promise<GameView> {
    const handled = await runCommand(this.commandDeps, gameId, playerId, command, { answer: (_, after, viewer) => this.view(after, viewer), requestId });
    return handled.answer;
  }

  private async namesOf(game: Game) {
    return this.deps.players.namesOf(playerIdsOf([game.row]));
  }
}

/** Whether a stream's round (see GameService.round) sends the reader's view. */
const viewSent = (game: Game, from: number, kind: RoundKind) => kind === 'first' || (kind === 'next' && game.events.length > from);
