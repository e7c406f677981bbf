export { matchesApi } from './api.ts';
export { decideJoin, type MatchStep } from './decide.ts';
export { waitingMatchSummary } from './examples.ts';
export { matchStatuses, playerMatchesQuery, startMatchIn, type MatchEvent, type NewMatchGame } from './queries.ts';
export { MatchService } from './service.ts';
export { firstDealerIndex } from './sheet.ts';
export { MatchStore } from './store.ts';
export type { MatchRow, MatchStatus } from './tables.ts';
export { matchSummary } from './view.ts';
