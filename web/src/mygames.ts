// "My games" and challenges: GET /v1/players/me/games lists the player's games and matches and
// the challenges reserved for it, and /v1/players/me/stream says when that changes; a waiting
// game or match can be called off by its creator and declined by the challenged player.
import type { PlayerEvent, SkatClient } from '@offiziersskat/client';
import { isRated } from './rated-api.ts';
import type { Session } from './session.ts';

export interface MyEntry {
  id: string;
  kind: 'game' | 'match';
  status: string;
  /** The other player's name, when there is one yet. */
  opponent: string | null;
  /** The other player is a bot account. */
  opponentBot: boolean;
  variant: string | null;
  /** Reserved for this player by someone else: a challenge from that player. */
  challengeFrom: string | null;
  /** Waiting, and opened by this player (it may cancel it). */
  ownWaiting: boolean;
  /** Rated (docs/api.md, "Rated play"). */
  rated: boolean;
  /** A running game: who is to move (from its view), and whether that player's time is up. */
  turn: { mine: boolean; timeUp: boolean } | null;
}

export interface MyGames {
  source: 'service' | 'browser';
  challenges: MyEntry[];
  games: MyEntry[];
  canCancel: { game: boolean; match: boolean };
  canDecline: { game: boolean; match: boolean };
}

type Loose = Record<string, unknown> & { id: string };

function entryOf(raw: Loose, me: string): MyEntry {
  const kind = raw.kind === 'match' || typeof raw.games === 'number' ? 'match' : 'game';
  type Ref = { playerId: string; name: string; bot?: boolean };
  const seats = (raw.players ?? {}) as Record<string, Ref | null> | Ref[];
  const list = Array.isArray(seats) ? seats : Object.values(seats).filter((p): p is Ref => Boolean(p));
  const others = list.filter((p) => p.playerId !== me);
  const status = String(raw.status ?? '');
  const reserved = raw.reservedFor === me;
  return {
    id: raw.id,
    kind,
    status,
    opponent: others[0]?.name ?? null,
    opponentBot: others[0]?.bot ?? false,
    variant: ((raw.config as { variant?: string } | undefined)?.variant ?? null) as string | null,
    challengeFrom: reserved && status === 'waiting' ? (others[0]?.name ?? '?') : null,
    ownWaiting: status === 'waiting' && !reserved,
    rated: isRated(raw),
    turn: null,
  };
}

const RUNNING = new Set(['cutting', 'bidding', 'stock', 'declaring', 'kontra', 're', 'playing']);

/**
 * A running game's turn, read from its view. A game past its deadline ends by itself: when the
 * other player's time is up, this page claims it (the service enforces deadlines only when asked),
 * and the entry shows the game over.
 */
async function withTurn(session: Session, entry: MyEntry): Promise<MyEntry> {
  if (entry.kind !== 'game' || !RUNNING.has(entry.status)) return entry;
  let view = await session.client.getGame(entry.id);
  const timeUp = view.deadline !== null && view.deadline !== undefined && Date.parse(view.deadline) < Date.now() - 1000;
  if (timeUp && view.you && view.toMove && view.toMove !== view.you) view = await session.client.claimTimeout(entry.id).catch(() => view);
  if (view.status === 'finished') return { ...entry, status: 'finished' };
  if (!view.you || !view.toMove) return entry;
  return { ...entry, status: view.status, turn: { mine: view.toMove === view.you, timeUp } };
}

export async function loadMyGames(session: Session): Promise<MyGames> {
  const me = session.player!;
  const pages = await Promise.all((['waiting', 'active', 'finished'] as const).map((status) => session.client.myGames({ status, limit: 10 })));
  const entries = await Promise.all(pages.flatMap((p) => p.entries.map((e) => withTurn(session, entryOf(e as unknown as Loose, me.playerId)))));
  const all = { game: true, match: true };
  return { source: 'service', challenges: entries.filter((e) => e.challengeFrom), games: entries.filter((e) => !e.challengeFrom), canCancel: all, canDecline: all };
}

/**
 * The player's stream, one per signed-in player for the page's whole life: screens come and go
 * and only add or remove their listener, so leaving the lobby aborts no request.
 */
const following = new Map<string, Set<(event: PlayerEvent) => void>>();

/** Calls `onChange` with each event of the player's stream (where there is one), until `signal` aborts. */
export async function followMyGames(session: Session, onChange: (event: PlayerEvent) => void, signal: AbortSignal): Promise<void> {
  const client = session.client;
  const playerId = session.player?.playerId;
  if (!playerId) return;
  let listeners = following.get(playerId);
  if (!listeners) {
    following.set(playerId, (listeners = new Set()));
    const all = listeners;
    void (async () => {
      try {
        for await (const { event } of client.myEvents()) for (const listener of all) listener(event);
      } catch {
        // the lobby's own refresh still runs
      } finally {
        following.delete(playerId);
      }
    })();
  }
  listeners.add(onChange);
  signal.addEventListener('abort', () => listeners.delete(onChange), { once: true });
}

export function cancel(client: SkatClient, entry: MyEntry): Promise<void> {
  return entry.kind === 'match' ? client.cancelMatch(entry.id) : client.cancelGame(entry.id);
}

export function decline(client: SkatClient, entry: MyEntry): Promise<void> {
  return entry.kind === 'match' ? client.declineMatch(entry.id) : client.declineGame(entry.id);
}
