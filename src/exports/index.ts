export { exportAnswer, exportApi } from './api.ts';
export { AnalysisQuery, ndjson } from './routes.ts';
export { GameExport } from './service.ts';
export { ExportStore } from './store.ts';
export { exportSettings, type ExportSettings } from './settings.ts';
