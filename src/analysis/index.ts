export { analysisApi } from './api.ts';
export { AnalysisPool } from './pool.ts';
export { AnalysisService } from './service.ts';
export { AnalysisSchema } from './schemas.ts';
export { AnalysisStore } from './store.ts';
export { analysisSettings, type AnalysisSettings } from './settings.ts';
