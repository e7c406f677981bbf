export { playersApi } from './api.ts';
export { PLAYER_REFUSALS } from './refusals.ts';
export { PlayerService } from './service.ts';
