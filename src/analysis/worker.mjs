// The analysis thread's entry in the sources: plain JavaScript that loads the TypeScript worker
// through tsx (a worker thread does not inherit the tsx loader of the process that starts it).
// The built service runs dist/analysis-worker.js instead (npm run build:server).
import { tsImport } from 'tsx/esm/api';

await tsImport('./worker.ts', import.meta.url);
