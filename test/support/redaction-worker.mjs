// One shard of the redaction games (test/support/redaction.ts) in a worker thread: TypeScript
// through tsx, a service and a fresh database of its own, the result posted back.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { startTestService } = await import('./service.ts');
const { runShard } = await import('./redaction.ts');
const service = await startTestService();
try {
  parentPort.postMessage(await runShard(service, workerData.specs, workerData.concurrency));
} finally {
  await service.close();
}
// Closed: end the thread even if an idle keep-alive socket would hold it a few seconds more.
process.exit(0);
