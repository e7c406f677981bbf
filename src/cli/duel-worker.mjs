// The worker thread's entry: plain JavaScript that loads the TypeScript worker through tsx
// (a worker thread does not inherit the tsx loader of the process that starts it).
import { tsImport } from 'tsx/esm/api';

await tsImport('./duel-worker.ts', import.meta.url);
