export { gamesApi } from './api.ts';
export { GameCache } from './cache.ts';
export { bertsNotices, challengeSummary, EXAMPLE_SEED, exampleGame, exampleStep, gameExamples } from './examples.ts';
export { finishedGames, type FinishedFilter, type FinishedKey } from './finished.ts';
export { gameOf, type Game } from './game.ts';
export type { Rated, Rater } from './handler.ts';
export { MoveBatcher } from './move-batch.ts';
export type { NewGame } from './new-game.ts';
export { gameStartNotices } from './notices.ts';
export { checkWaitingMatches, checkWaitingSeeks } from './open-caps.ts';
export { checkNotDeleted, checkOpponent, configOf, deletedPlayer, type RuleOptions } from './options.ts';
export {
  finishedRatedGames,
  gamesAnswer,
  gamesNotOverAmong,
  gamesOfMatch,
  insertGamesIn,
  insertMatchGameIn,
  linkedGameIds,
  linkedGames,
  overdueLinkedGames,
  playerGamesQuery,
  ratedGameCounts,
  setRatingChanges,
  type RatedGameFact,
} from './queries.ts';
export { cryptoRandomness, type Randomness } from './randomness.ts';
export { checkAccounts, ratedTurnSeconds, RatingsMovedError } from './rated.ts';
export { GameRepository } from './repository.ts';
export { bothSeated } from './seating.ts';
export { GameService } from './service.ts';
export { GameStore } from './store.ts';
export type { GameRow, GameStatus, RatingChanges } from './tables.ts';
export { gameRecord, gameSummary, playerIdsOf, playerRef, type Names } from './view.ts';
