// The game record as a library: built by the service (build.ts), verified and told trick by trick
// (verify.ts, narrate.ts) by the CLI, the web client and the benches, all with the same code.
export { buildRecord, type GameRecord } from './build.ts';
export { parseRecord, verifyRecord, type Counts } from './verify.ts';
