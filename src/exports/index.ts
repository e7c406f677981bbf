export { exportAnswer, exportsApi } from './api.ts';
export { AnalysisQuery, ndjson } from './routes.ts';
export { ExportService } from './service.ts';
export { ExportStore } from './store.ts';
export { exportSettings, type ExportSettings } from './settings.ts';
