// The players, wired: who a player is, the guests, a player's own games and its event stream.
import type { AccountService, Players } from '../accounts/index.ts';
import type { Platform, Routes } from '../platform/feature.ts';
import { PlayerEventStore } from '../platform/streams/player-events.ts';
import type { RatingService } from '../ratings/index.ts';
import type { SeekService } from '../seeks/index.ts';
import { playersApi, type PlayersApiDeps } from './api.ts';
import { PlayerService } from './service.ts';

export interface PlayersWiring {
  players: Players;
  accounts: AccountService;
  ratings: RatingService;
  seeks: SeekService;
  /** Every feature's events of a player's own stream, for its document (composed by the app). */
  playerEvents: PlayersApiDeps['playerEvents'];
}

export function createPlayers({ database, notifier }: Platform, wiring: PlayersWiring) {
  const service = new PlayerService({ db: database.db, players: wiring.players, events: new PlayerEventStore(database.db), notifier });
  const routes: Routes = (edge) => playersApi({ ...edge, players: service, accounts: wiring.accounts, ratings: wiring.ratings, seeks: wiring.seeks, playerEvents: wiring.playerEvents });
  return { service, routes };
}
