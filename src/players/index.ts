export { playersApi } from './api.ts';
export { PlayerService } from './service.ts';
