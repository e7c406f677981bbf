export { PLAYER_REFUSALS } from './refusals.ts';
export { CreatePlayerSchema } from './schemas.ts';
export { PlayerService } from './service.ts';
export { createPlayers } from './create.ts';
