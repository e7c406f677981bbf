export { matchesApi } from './api.ts';
export { waitingMatchSummary } from './examples.ts';
export { decideJoin, type MatchStep } from './decide.ts';
export { MatchService } from './service.ts';
export { matchStatuses, playerMatchesQuery, startMatchIn, type MatchEvent, type NewMatchGame } from './queries.ts';
export { MatchStore, type MatchRow } from './store.ts';
export { firstDealerIndex } from './sheet.ts';
export { matchSummary } from './view.ts';
export type { MatchStatus } from '../platform/db/schema.ts';
