export { AnalysisPool } from './pool.ts';
export { ANALYSIS_REFUSALS } from './refusals.ts';
export { AnalysisService } from './service.ts';
export { AnalysisSchema } from './schemas.ts';
export { analysisSettings } from './settings.ts';
export { createAnalysis } from './create.ts';
