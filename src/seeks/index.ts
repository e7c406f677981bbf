export { seekExamples } from './examples.ts';
export { SEEK_PLAYER_EVENTS } from './player-events.ts';
export { SEEK_REFUSALS } from './refusals.ts';
export { SeekSchema } from './schemas.ts';
export { SeekService } from './service.ts';
export { SeekStore } from './store.ts';
export { seekSettings } from './settings.ts';
export { createSeeks } from './create.ts';
