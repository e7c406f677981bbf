export { PlayerService } from './service.ts';
export { createPlayers } from './create.ts';
