// The features, made in the order they need each other (lila's Env files): each line is one
// feature's factory, given the platform and what it uses of the features made before it. A later
// feature an earlier one must reach (a game that ends moves its match on and wakes its tournament,
// a deletion ends a player's seeks and entries, a stream opening wakes the player's arenas) is
// handed in as a function, bound once everything is made.
import { createAccounts, PlayerStore, PRESENCE_LEASE_MS, type ScryptParams } from '../accounts/index.ts';
import { createAnalysis } from '../analysis/index.ts';
import { createExports } from '../exports/index.ts';
import { createGames, cryptoRandomness, type GameCache, type Randomness } from '../games/index.ts';
import { createMatches } from '../matches/index.ts';
import { createOAuth } from '../oauth/index.ts';
import type { SigningKeyStore } from '../platform/auth/signing-key-store.ts';
import { scrubbedMessage } from '../platform/db/errors.ts';
import type { Platform, Routes } from '../platform/feature.ts';
import { createPlayers } from '../players/index.ts';
import { createRatings } from '../ratings/index.ts';
import { createSeeks } from '../seeks/index.ts';
import { createTournaments } from '../tournaments/index.ts';
import type { AppConfig } from './config.ts';
import { PlayerEventSchema } from './player-events.ts';

export interface FeatureOptions {
  /** The signing keys kept in the database (the platform's: src/platform/auth). */
  signingKeys: SigningKeyStore;
  random?: Randomness;
  /** Another game cache (tests: one that misses announcements). */
  gameCache?: GameCache;
  /** How often the revocation list is read again (tests: shorter than REFRESH_MS). */
  revocationRefreshMs?: number;
  /** The password hash's cost (tests: a cheap one); a deployment always hashes at the default. */
  passwordHashing?: ScryptParams;
}

export function createFeatures(platform: Platform, config: AppConfig, options: FeatureOptions) {
  const random = options.random ?? cryptoRandomness;
  const players = new PlayerStore(platform.database.db);
  // Bound below, once the later features exist (nothing calls them before a request is served).
  let later: {
    endAllOf(playerId: string): Promise<void>;
    playerOnline(playerId: string): Promise<void>;
    gameFinished: Parameters<typeof createGames>[1]['onFinished'];
    signedOutEverywhere(playerId: string): Promise<void>;
    grants: ReturnType<typeof createOAuth>['grants'];
  } | null = null;
  const bound = () => {
    if (!later) throw new Error('the features are still being made');
    return later;
  };

  const accounts = createAccounts(platform, {
    settings: config.accounts,
    players,
    signingKeys: options.signingKeys,
    scrypt: options.passwordHashing,
    revocationRefreshMs: options.revocationRefreshMs,
    onDeleted: (playerId) => bound().endAllOf(playerId),
    onOnline: (playerId) => bound().playerOnline(playerId),
    onSignedOutEverywhere: (playerId) => bound().signedOutEverywhere(playerId),
    grants: { refresh: () => bound().grants.refresh(), revoked: (grantId) => bound().grants.revoked(grantId) },
  });
  const oauth = createOAuth(platform, { settings: config.oauth, revocations: accounts.revocations });
  const ratings = createRatings(platform, { settings: config.ratings, players: () => playersFeature.service });
  const games = createGames(platform, {
    settings: config.games,
    players,
    random,
    ratings: ratings.service,
    cache: options.gameCache,
    onFinished: (game, requestId) => bound().gameFinished(game, requestId),
  });
  const loadGame = async (gameId: string) => (await games.service.read(gameId, undefined)).game;
  const analysis = createAnalysis(platform, { settings: config.analysis, loadGame });
  const matches = createMatches(platform, { players, random, waitingTtlMs: config.games.waitingTtlSeconds * 1000 });
  const seeks = createSeeks(platform, { settings: config.seeks, players, random, graceMs: PRESENCE_LEASE_MS });
  const playersFeature = createPlayers(platform, { players, accounts: accounts.service, ratings: ratings.service, seeks: seeks.service, playerEvents: PlayerEventSchema });
  const exports = createExports(platform, { settings: config.exports, players, playerService: playersFeature.service, analysis: analysis.service });
  const tournaments = createTournaments(platform, {
    settings: config.tournaments,
    players,
    random,
    claimTimeout: (gameId, playerId) => games.service.claimTimeout(gameId, playerId),
    exports: exports.service,
    exportSettings: config.exports,
  });

  later = {
    grants: oauth.grants,
    /** Every token of the player ended: so do the grants of the apps it approved (announced with the tokens' revocation). */
    signedOutEverywhere: (playerId) => oauth.service.endAllOf(playerId),
    // A tournament's game that ends makes its tournament due (in the database, for every process's
    // director) and nudges this process's director (its next pairing need not wait for the tick).
    async gameFinished(game, requestId) {
      await matches.service.gameFinished(game, requestId);
      try {
        await tournaments.service.gameEnded(game.row.id, game.row.matchId);
      } catch (e) {
        // The game's end is written: a tournament not woken looks at its games by their deadline.
        platform.log.error({ requestId, event: 'tournamentWakeFailed', gameId: game.row.id, message: scrubbedMessage(e) });
      }
      tournaments.director.poke();
    },
    // A player's stream opened (its presence is written): the arenas it is in may pair it now.
    playerOnline: (playerId) => tournaments.service.playerOnline(playerId),
    /**
     * A player being deleted (marked so already: nothing new starts with it): its tournament entries
     * and waiting seeks are withdrawn, its waiting matches and games called off, the challenges to it
     * declined, its running games resigned. Resigning a match's game starts the match's next one,
     * which games.endAllOf resigns in turn; a match's step that was not written when its game ended
     * is written here (matches.endAllOf), and its new game resigned in the next round.
     */
    async endAllOf(playerId) {
      await tournaments.service.endAllOf(playerId);
      await seeks.service.endAllOf(playerId);
      for (let round = 0; ; round++) {
        const moved = await matches.service.endAllOf(playerId);
        const ended = await games.service.endAllOf(playerId);
        if (moved + ended === 0) return;
        // Each round ends at least one game of every match still running, and a match has at most
        // 100 games: more rounds than that mean something starts games again as fast as they end.
        if (round > 2 * 100) throw new Error(`player ${playerId}: its matches and games kept starting again as they were ended`);
      }
    },
  };

  /** The routes, in the order the app mounts them. */
  const routes: Routes[] = [
    playersFeature.routes,
    accounts.routes,
    oauth.routes,
    // Before the games: /v1/games/export is no game id.
    exports.routes,
    games.routes,
    analysis.routes,
    matches.routes,
    ratings.routes,
    seeks.routes,
    tournaments.routes,
  ];
  return {
    players,
    accounts,
    oauth,
    ratings,
    games,
    analysis,
    matches,
    seeks,
    playersFeature,
    exports,
    tournaments,
    routes,
    sweeps: [oauth.sweep, games.sweep, matches.sweep, seeks.sweep],
    background: [tournaments.background, analysis.background],
  };
}
