// What a player (a bot, a client acting for one person) asks of the service about itself: its
// games and matches, and its own stream of events (challenges, games and matches beginning and
// ending), so that it never needs to be told an id to find its games.
import type { Principal } from '../platform/auth/principal.ts';
import type { Db } from '../platform/db/client.ts';
import type { Notifier } from '../platform/streams/notifier.ts';
import { listPlayerGames, type PlayerGamesQuery } from './store.ts';
import { playerKey, type PlayerEventStore } from '../platform/streams/player-events.ts';
import { findPlayers, type Players, type PlayerSearch } from '../accounts/index.ts';
import { DomainError } from '../platform/errors.ts';
import { feedWaiter, type Feed } from '../platform/streams/feed.ts';
import { gameSummary, playerIdsOf } from '../games/index.ts';
import { matchSummary } from '../matches/index.ts';

export interface PlayerServiceDeps {
  db: Db;
  players: Players;
  events: PlayerEventStore;
  notifier: Notifier;
}

export class PlayerService {
  constructor(private readonly deps: PlayerServiceDeps) {}

  /** Accounts by the beginning of their name or username (GET /v1/players?name=). */
  find(query: PlayerSearch) {
    return findPlayers(this.deps.db, query);
  }

  /** A new guest player, `id` (drawn when not given). */
  async register(name: string, id?: string): Promise<{ playerId: string; name: string }> {
    const player = await this.deps.players.createPlayer({ name, id });
    return { playerId: player.id, name: player.name };
  }

  /** A player by id, as `register` answered it; null when there is none. */
  async named(id: string): Promise<{ playerId: string; name: string } | null> {
    const p = await this.deps.players.getPlayer(id);
    return p ? { playerId: p.id, name: p.name } : null;
  }

  /** The player a verified token speaks for (an external identity's first sight creates it); null: none. */
  async resolve(principal: Principal): Promise<{ playerId: string; name: string; bot: boolean } | null> {
    const { players } = this.deps;
    if (principal.kind === 'guest') {
      const p = await players.getPlayer(principal.playerId);
      return p ? { playerId: p.id, name: p.name, bot: p.bot } : null;
    }
    const p = await players.findOrCreateExternalPlayer(principal.issuer, principal.subject, principal.subject.slice(0, 40));
    return { playerId: p.id, name: p.name, bot: p.bot };
  }

  /** A player as anyone may see it: its id, name and whether it is a bot. */
  async profile(playerId: string): Promise<{ playerId: string; name: string; bot: boolean }> {
    const player = await this.deps.players.getPlayer(playerId);
    if (!player) throw new DomainError('PLAYER_NOT_FOUND', `there is no player ${playerId}`);
    return { playerId: player.id, name: player.name, bot: player.bot };
  }

  /** The player's games and matches, newest first (see players/store.ts). */
  async games(query: PlayerGamesQuery) {
    const page = await listPlayerGames(this.deps.db, query);
    const ids = page.entries.flatMap((e) =>
      e.kind === 'game' ? playerIdsOf([e.row]) : [e.row.creatorPlayerId, e.row.opponentPlayerId],
    );
    const names = await this.deps.players.namesOf(ids);
    return {
      entries: page.entries.map((e) => (e.kind === 'game' ? { kind: e.kind, ...gameSummary(e.row, names) } : { kind: e.kind, ...matchSummary(e.row, names) })),
      nextCursor: page.nextCursor,
    };
  }

  /** The player's own events after `after`, as they happen (the stream never completes). */
  feed(playerId: string, after: number, client?: string): Feed {
    const { events, notifier } = this.deps;
    let seq = after;
    return {
      ...feedWaiter(notifier, playerKey(playerId), () => events.version(playerId), client),
      next: async () => {
        const items = [];
        for (const { seq: s, event } of await events.events(playerId, seq)) {
          items.push({ seq: s, type: event.type, payload: event });
          seq = s;
        }
        return { items, version: seq };
      },
    };
  }
}
