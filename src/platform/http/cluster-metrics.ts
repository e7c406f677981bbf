// Metrics of every worker in one answer. With WEB_CONCURRENCY workers a scrape of GET /metrics
// reaches one of them, which would report only itself: it asks the primary instead, and the
// primary gathers each worker's registry (prom-client's AggregatorRegistry: counters and
// histograms summed, Node's own gauges as prom-client aggregates them) and answers the sum.
import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

const ASK = 'skat:metrics?';
const ANSWER = 'skat:metrics';
const WAIT_MS = 6000;

interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

let shared = false;
let asked = 0;
const pending = new Map<number, (answer: Answer) => void>();

/** In a worker: lets the primary read `registry` (once per process), and hears its answers. */
export function shareWithPrimary(registry: Registry): void {
  if (!cluster.isWorker || shared) return;
  shared = true;
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one adds prom-client's worker-side listener (it answers the primary's requests).
  void new AggregatorRegistry();
  process.on('message', (message: Answer) => {
    if (message?.type !== ANSWER) return;
    pending.get(message.id)?.(message);
  });
}

/** In a worker under a primary: every worker's metrics, summed; null when there is no primary to ask. */
export function clusterMetrics(): Promise<string> | null {
  if (!cluster.isWorker || !process.send || !shared) return null;
  const id = ++asked;
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new Error('the primary did not answer with the metrics in time'));
    }, WAIT_MS);
    pending.set(id, (answer) => {
      clearTimeout(timer);
      pending.delete(id);
      if (answer.text !== undefined) resolve(answer.text);
      else reject(new Error(answer.error ?? 'no metrics'));
    });
    // biome-ignore lint/style/noNonNullAssertion: runs only in a cluster worker, which has the IPC channel to its primary
    process.send!({ type: ASK, id });
  });
}

/** In the primary: answers the workers' requests for the cluster's metrics. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== ASK || typeof message.id !== 'number') return;
    const id = message.id;
    aggregator.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ type: ANSWER, id, text } satisfies Answer),
      (e: Error) => worker.isConnected() && worker.send({ type: ANSWER, id, error: e.message } satisfies Answer),
    );
  });
}
