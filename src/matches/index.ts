export { matchesApi } from './api.ts';
export { waitingMatchSummary } from './examples.ts';
export { decideJoin, type MatchStep } from './decide.ts';
export { MATCH_REFUSALS } from './refusals.ts';
export { MatchSummarySchema } from './schemas.ts';
export { MatchService } from './service.ts';
export { MatchStore, writeMatchStep, type MatchEvent, type MatchRow, type NewMatchGame } from './store.ts';
export { firstDealerIndex } from './sheet.ts';
export { matchSummary } from './view.ts';
