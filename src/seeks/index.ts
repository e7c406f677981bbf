export { seekExamples } from './examples.ts';
export { SeekSchema } from './schemas.ts';
export { SeekService } from './service.ts';
export { SeekStore } from './store.ts';
export { seekSettings } from './settings.ts';
export { createSeeks } from './create.ts';
