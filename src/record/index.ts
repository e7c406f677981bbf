// The game record as a library: built by the service, verified and told by the CLI, the web client
// and the benches, all with the same code.
export { buildRecord, type FinishedGame, type GameRecord, type RecordPlayer, type ServiceRecord } from './build.ts';
export { describeResult, narrate } from './narrate.ts';
export { moveOf, parseRecord, verifyRecord, type Counts, type Verification } from './verify.ts';
