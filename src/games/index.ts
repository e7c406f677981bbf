export { GameCache } from './cache.ts';
export { bertsNotices, challengeSummary, EXAMPLE_SEED, exampleGame, exampleStep, gameExamples } from './examples.ts';
export { finishedGames, type FinishedFilter, type FinishedKey } from './finished.ts';
export { gameOf, type Game } from './game.ts';
export type { Rated, Rater } from './run-command.ts';
export type { NewGame } from './new-game.ts';
export { gameStartNotices } from './notices.ts';
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
  playerGamesQuery,
  ratedGameCounts,
  setRatingChanges,
  type RatedGameFact,
} from './queries.ts';
export { cryptoRandomness, type Randomness } from './randomness.ts';
export { checkAccounts, RATED_TURN_SECONDS, ratedTurnSeconds, RatingsMovedError } from './rated.ts';
export { ENGINE_PROBLEMS, GAME_PROBLEM_FIELDS, GAME_REFUSALS } from './refusals.ts';
export { GAME_PLAYER_EVENTS } from './player-events.ts';
export { bothSeated } from './seating.ts';
export {
  CardSchema,
  ConfigSchema,
  CreateGameSchema,
  EVENT_TYPES,
  GameEndSchema,
  GameIdParam,
  GameSummarySchema,
  GameTypeSchema,
  MAX_TURN_SECONDS,
  MIN_TURN_SECONDS,
  MoveSchema,
  RecordSchema,
  SeatSchema,
  StatusSchema,
} from './schemas.ts';
export { GameService } from './service.ts';
export { GameStore } from './store.ts';
export type { GameRow, GameStatus, RatingChanges } from './tables.ts';
export { gameRecord, gameSummary, playerIdsOf, playerRef, type Names } from './view.ts';
export { gameSettings } from './settings.ts';
export { createGames } from './create.ts';
