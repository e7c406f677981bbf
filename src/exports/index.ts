export { exportAnswer } from './api.ts';
export { AnalysisQuery, ndjson } from './routes.ts';
export { EXPORT_REFUSALS } from './refusals.ts';
export { ExportService } from './service.ts';
export { exportSettings, type ExportSettings } from './settings.ts';
export { createExports } from './create.ts';
