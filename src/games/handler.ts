// The one place that runs a game command (emmett's command handler): load → decide → append →
// announce → the match hook. A command is decided on this process's copy of the game when it has
// one; whatever a copy refuses, or loses to another write, is decided again on a fresh read, so
// only the database's current state can refuse a command. An Idempotency-Key makes a command
// safe to send again: its first answer is kept with its append and given to every repeat.
import { createHash } from 'node:crypto';
import type { Seat } from '../engine/index.ts';
import { DomainError } from '../errors.ts';
import { decideCommand, lostRace, type GameCommand } from './commands.ts';
import { seatOf, type Game } from './game.ts';
import type { Change, GameRepository } from './repository.ts';

export interface HandlerDeps {
  repository: GameRepository;
  now: () => Date;
  /** Runs after a command finished a game (a match moves on); its failure is the hook's own. */
  onFinished: (game: Game) => Promise<void>;
  /** The current state as the refused player sees it, sent with a VERSION_CONFLICT. */
  conflictFacts: (game: Game, seat: Seat | null) => Promise<Record<string, unknown>>;
}

/** A request sent with an Idempotency-Key: the key, the request itself, and its answer. */
export interface Idempotent<A> {
  playerId: string;
  key: string;
  /** What was asked (hashed: the same key with another request is refused). */
  request: unknown;
  /** The answer to keep, made from the game before and after the command. */
  answer: (before: Game, after: Game, seat: Seat) => Promise<A>;
}

export type Handled<A> =
  | { replayed: false; seat: Seat; before: Game; after: Game; answer?: A }
  /** The answer given the first time, as it was sent then. */
  | { replayed: true; answer: A };

type Attempt<A> = { ok: true; handled: Handled<A> } | { ok: false; refused?: DomainError };

const requestHash = (gameId: string, request: unknown) => createHash('sha256').update(JSON.stringify([gameId, request])).digest('hex');

export async function handleCommand<A>(
  deps: HandlerDeps,
  gameId: string,
  playerId: string,
  command: GameCommand,
  idempotent?: Idempotent<A>,
): Promise<Handled<A>> {
  const { repository } = deps;
  const hash = idempotent ? requestHash(gameId, idempotent.request) : '';

  /** The answer already given for this idempotency key, if any (or a refusal for another request). */
  const given = async (): Promise<Handled<A> | null> => {
    if (!idempotent) return null;
    const stored = await repository.idempotentAnswer(idempotent.playerId, idempotent.key);
    if (!stored) return null;
    if (stored.requestHash !== hash)
      throw new DomainError('IDEMPOTENCY_KEY_REUSED', 'this Idempotency-Key was used with another request');
    // Stored as the JSON text first sent; a driver may hand it back parsed already. Either way
    // its keys keep their order, so it is sent again byte for byte.
    const body = stored.body;
    return { replayed: true, answer: (typeof body === 'string' ? JSON.parse(body) : body) as A };
  };

  const attempt = async (game: Game): Promise<Attempt<A>> => {
    const at = deps.now();
    const decision = decideCommand(game, playerId, command, at);
    if (decision instanceof DomainError) return { ok: false, refused: decision };
    const change: Change = { events: decision.events, patch: decision.patch, at };
    const after = repository.preview(game, change);
    let answer: A | undefined;
    if (idempotent) {
      answer = await idempotent.answer(game, after, decision.seat);
      // Kept as the very JSON text sent (a jsonb object would come back with its keys
      // reordered), so a repeat gets the first answer byte for byte.
      change.idempotency = { playerId: idempotent.playerId, key: idempotent.key, requestHash: hash, status: 200, body: JSON.stringify(answer) };
    }
    const appended = await repository.append(game, change, after);
    if (!appended.ok) {
      // The same key sent twice at once: the other request made the move (its append came
      // first, so this one found the version moved or the key taken); answer with its answer.
      const first = await given();
      return first ? { ok: true, handled: first } : { ok: false };
    }
    if (after.state.phase === 'finished') await deps.onFinished(after);
    return { ok: true, handled: { replayed: false, seat: decision.seat, before: game, after, answer } };
  };

  const first = await given();
  if (first) return first;

  const copy = repository.copy(gameId);
  if (copy) {
    const onCopy = await attempt(copy);
    if (onCopy.ok) return onCopy.handled;
    // Refused or lost on a copy, which may be old: only a fresh read may refuse.
  }
  const game = await repository.load(gameId, { fresh: true });
  const fresh = await attempt(game);
  if (fresh.ok) return fresh.handled;
  const refusal = fresh.refused ?? lostRace(command);
  if (refusal.code !== 'VERSION_CONFLICT') throw refusal;
  // A conflict comes with the game as it is now, so the client can decide again at once.
  const current = fresh.refused ? game : await repository.load(gameId, { fresh: true });
  throw new DomainError(refusal.code, refusal.detail, await deps.conflictFacts(current, seatOf(current.row, playerId)));
}
