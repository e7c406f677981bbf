export { exportApi } from './api.ts';
export { GameExport } from './service.ts';
export { ExportStore } from './store.ts';
