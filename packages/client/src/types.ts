// The API's types, as the client names them: the generated schemas (openapi-typescript's output of
// openapi/openapi.json), with the event lists typed by the client's own GameEvent.
import type { LoggedEvent } from './events.ts';
import type { components, paths } from './generated/api-types.ts';

type Schemas = components['schemas'];
export type GameView = Schemas['GameView'];
export type GameStatus = Schemas['GameStatus'];
export type GameConfig = Schemas['GameConfig'];
/** A seat (the schema is nullable where it serves `you` and `toMove`). */
export type Seat = NonNullable<Schemas['Seat']>;
export type Card = Schemas['Card'];
export type GameType = NonNullable<Schemas['GameType']>;
export type Move = Schemas['Move'];
export type Result = NonNullable<Schemas['Result']>;
export type PlayerToken = Schemas['PlayerToken'];
export type PlayerRef = NonNullable<Schemas['PlayerRef']>;
export type CreateGame = Schemas['CreateGame'];
export type GameSummary = Schemas['GameSummary'];
export type GamePage = Schemas['GamePage'];
export type Match = Schemas['Match'];
export type MatchPage = Schemas['MatchPage'];
export type CreateMatch = Schemas['CreateMatch'];
export type SheetRow = Schemas['SheetRow'];
export type CreateSeek = Schemas['CreateSeek'];
/** A seek of the pairing pool: waiting, paired (with its gameId or matchId), or ended. */
export type Seek = Schemas['Seek'];
export type SeekPage = Schemas['SeekPage'];
export type MoveResponse = Omit<Schemas['MoveResponse'], 'events'> & { events: LoggedEvent[] };
export type EventLog = Omit<Schemas['EventLog'], 'events'> & { events: LoggedEvent[] };
export type GameRecord = Omit<Schemas['GameRecord'], 'events'> & { events: LoggedEvent[] };
export type MatchEventLog = Schemas['MatchEventLog'];
/** A player as anyone may see it, with its ratings (GET /v1/players/{playerId}). */
export type Player = Schemas['PlayerProfile'];
export type Rating = Schemas['Rating'];
export type RatingHistory = Schemas['RatingHistory'];
export type Leaderboard = Schemas['Leaderboard'];
export type Me = Schemas['Me'];
/** One of the caller's games or matches (`kind` tells which). */
export type PlayerEntry = Schemas['PlayerEntry'];
export type PlayerGamePage = Schemas['PlayerGamePage'];
export type PlayerGameStatus = NonNullable<paths['/v1/players/me/games']['get']['parameters']['query']>['status'];
/** An event of the caller's own stream (GET /v1/players/me/stream), a union on `type`. */
export type PlayerEvent = Schemas['PlayerEvent'];
export type PlayerEventType = PlayerEvent['type'];
