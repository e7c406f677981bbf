export { exportAnswer, exportApi } from './api.ts';
export { AnalysisQuery, ndjson } from './routes.ts';
export { EXPORT_REFUSALS } from './refusals.ts';
export { GameExport } from './service.ts';
export { ExportStore } from './store.ts';
