export { analysisApi } from './api.ts';
export { AnalysisPool } from './pool.ts';
export { ANALYSIS_REFUSALS } from './refusals.ts';
export { AnalysisService } from './service.ts';
export { AnalysisSchema } from './schemas.ts';
export { AnalysisStore } from './store.ts';
