export { seeksApi } from './api.ts';
export { SeekService } from './service.ts';
export { SeekStore } from './store.ts';
