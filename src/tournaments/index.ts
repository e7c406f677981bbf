// Tournaments (arenas and Swiss events): the API, the per-process director, the service and its
// store; the pure pairings (swiss-pairing.ts, arena-pairing.ts, on blossom.ts) and standings
// (standings.ts) beside them. What other folders use (the app, the pairing benchmark) is exported here.
export { type ArenaWaiter, pairArenaWave } from './arena-pairing.ts';
export { TournamentDirector } from './director.ts';
export { TOURNAMENT_PLAYER_EVENTS } from './player-events.ts';
export { TOURNAMENT_REFUSALS } from './refusals.ts';
export { TournamentService } from './service.ts';
export { TournamentStore } from './store.ts';
export { type SwissEntrant, pairSwissRound } from './swiss-pairing.ts';
export { tournamentSettings } from './settings.ts';
export { createTournaments } from './create.ts';
