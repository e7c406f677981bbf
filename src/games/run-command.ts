// The one place that runs a game command (emmett's command handler; the HTTP handlers are in
// api.ts): load → decide → append → announce → the match hook. A command is decided on this process's copy of the game when it has
// one; whatever a copy refuses, or loses to another write, is decided again on a fresh read, so
// only the database's current state can refuse a command. An Idempotency-Key makes a command
// safe to send again (the rule of platform/http/idempotency.ts): its first answer is kept with
// its append and given to every repeat.
import type { Seat, Viewer } from '../engine/index.ts';
import { DomainError } from '../platform/errors.ts';
import { requestHash, sameRequest } from '../platform/http/idempotency.ts';
import { decideCommand, decidedAgainAfterLosing, lostRace, type GameCommand } from './commands.ts';
import { noticesOf } from './notices.ts';
import { seatOf, type Game } from './game.ts';
import type { Change, GameRepository } from './repository.ts';
import type { PlayerNotice } from '../platform/streams/player-events.ts';
import type { RatedEnd } from './store.ts';

export interface CommandDeps {
  repository: GameRepository;
  now: () => Date;
  /**
   * Runs after a command finished a game (a match moves on); its failure is the hook's own, logged
   * with the id of the request that sent the command.
   */
  onFinished: (game: Game, requestId?: string) => Promise<void>;
  /** The current state as the refused player sees it, sent with a VERSION_CONFLICT. */
  conflictFacts: (game: Game, seat: Seat | null) => Promise<Record<string, unknown>>;
  /** How a game that has just finished moves the ratings (null: it does not; ratings/service.ts). */
  rate: (after: Game, at: Date) => Promise<Rated | null>;
}

/** A rated game's end: the new ratings (written with the end) and what each player hears of them. */
export interface Rated {
  end: RatedEnd;
  notices: PlayerNotice[];
}

/** What rates a game that has just finished (src/ratings, above this layer). */
export interface Rater {
  rate(game: Game, at: Date): Promise<Rated | null>;
}

/**
 * How often a rated end is rated again because another rated game of one of its players ended
 * between the read of the ratings and their lock (each time, that other game committed).
 */
const MAX_RATINGS_RACES = 20;

/** How a command's answer is made, and (with an Idempotency-Key) kept. */
export interface Answering<A> {
  /**
   * The answer, made from the game before and after the command, before the append: it is ready
   * the moment the append commits, and the appends of requests decided together leave together.
   */
  answer: (before: Game, after: Game, viewer: Viewer) => Promise<A>;
  /**
   * A request sent with an Idempotency-Key: its key, and what was asked (the operation and the
   * body; hashed with the game's id).
   */
  idempotency?: { playerId: string; key: string; operation: string; request: unknown };
  /** The request that sent the command (for the hook's log lines). */
  requestId?: string;
  /** The HTTP status the kept answer stands for (default 200; a minimal answer is a 204). */
  status?: number;
}

/** The command's answer: made now, or the one given the first time the key was sent. */
export interface Handled<A> {
  answer: A;
  /** The game after the command; null for a repeat answered from the kept answer. */
  after: Game | null;
}

type Attempt<A> = { ok: true; handled: Handled<A> } | { ok: false; refused?: DomainError };

export async function runCommand<A>(
  deps: CommandDeps,
  gameId: string,
  playerId: string | null,
  command: GameCommand,
  { answer, idempotency, requestId, status = 200 }: Answering<A>,
): Promise<Handled<A>> {
  const { repository } = deps;
  const hash = idempotency ? requestHash(idempotency.operation, [gameId], idempotency.request) : '';

  /** The answer already given for this idempotency key, if any (or a refusal for another request). */
  const given = async (): Promise<Handled<A> | null> => {
    if (!idempotency) return null;
    const stored = await repository.idempotentAnswer(idempotency.playerId, idempotency.key);
    if (!stored) return null;
    sameRequest(stored.requestHash, hash);
    // Stored as the JSON text first sent; a driver may hand it back parsed already. Either way
    // its keys keep their order, so it is sent again byte for byte.
    const body = stored.body;
    return { answer: (typeof body === 'string' ? JSON.parse(body) : body) as A, after: null };
  };

  const attempt = async (game: Game): Promise<Attempt<A>> => {
    const at = deps.now();
    const decision = decideCommand(game, playerId, command, at);
    if (decision instanceof DomainError) return { ok: false, refused: decision };
    // Nothing to change (a repeated calling-off): the answer is the game as it is.
    if (decision.events.length === 0) return { ok: true, handled: { answer: await answer(game, game, decision.seat ?? 'spectator'), after: game } };
    const change: Change = { events: decision.events, patch: decision.patch, at };
    const played = repository.preview(game, change);
    let after = played;
    let made: A;
    let appended;
    for (let races = 0; ; races++) {
      // A rated game's end carries the rating changes in its answer and its log's notices.
      const rated = played.state.phase === 'finished' ? await deps.rate(played, at) : null;
      after = rated ? { ...played, row: { ...played.row, ratingChanges: rated.end.changes } } : played;
      change.rated = rated?.end;
      change.notices = [...noticesOf(game, after), ...(rated?.notices ?? [])];
      made = await answer(game, after, decision.seat ?? 'spectator');
      // Kept as the very JSON text sent (a jsonb object would come back with its keys reordered),
      // so a repeat gets the first answer byte for byte.
      if (idempotency) change.idempotency = { playerId: idempotency.playerId, key: idempotency.key, requestHash: hash, status, body: JSON.stringify(made) };
      appended = await repository.append(game, change, after);
      if (appended.ok || appended.lost !== 'ratings') break;
      if (races >= MAX_RATINGS_RACES) throw new Error(`game ${game.row.id}: its players' ratings kept changing while it was rated`);
    }
    if (!appended.ok) {
      // The same key sent twice at once: the other request made the move (its append came
      // first, so this one found the version moved or the key taken); answer with its answer.
      const first = await given();
      return first ? { ok: true, handled: first } : { ok: false };
    }
    if (after.state.phase === 'finished') await deps.onFinished(after, requestId);
    return { ok: true, handled: { answer: made, after } };
  };

  // A keyed command is decided without looking its key up first (a round trip per move, for the
  // rare repeat): a repeat is refused by the game (its move is made: a version passed, not its
  // turn) or, should the game allow it again, loses its append to the kept key (the key's row is
  // written in the same statement as the move). Either way it ends at `given` below, which answers
  // with the first answer, or refuses a key used with another request.
  const copy = repository.copy(gameId);
  if (copy) {
    const onCopy = await attempt(copy);
    if (onCopy.ok) return onCopy.handled;
    // Refused or lost on a copy, which may be old: only a fresh read may refuse.
  }
  let game = await repository.load(gameId, { fresh: true });
  let fresh = await attempt(game);
  if (!fresh.ok && !fresh.refused && decidedAgainAfterLosing(command)) {
    // Lost to another write: decided again on the state that won (it may refuse now, or be moot).
    game = await repository.load(gameId, { fresh: true });
    fresh = await attempt(game);
  }
  if (fresh.ok) return fresh.handled;
  // The same key sent twice at once, and the other request's append committed after this one
  // first looked: the game has moved on by this very move, which refuses it now (not your turn,
  // a version passed). The move was made; its answer is the answer.
  const first = await given();
  if (first) return first;
  const refusal = fresh.refused ?? lostRace(command);
  if (refusal.code !== 'VERSION_CONFLICT') throw refusal;
  // A conflict comes with the game as it is now, so the client can decide again at once.
  const current = fresh.refused ? game : await repository.load(gameId, { fresh: true });
  throw new DomainError(refusal.code, refusal.detail, await deps.conflictFacts(current, seatOf(current.row, playerId)));
}
