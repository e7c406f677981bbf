// Failover figures: `npm run bench:failover`. The HA topology of deploy/ha/ha.sh (Patroni with
// etcd, a primary and its synchronous standby; two service nodes; HAProxy), on ports
// 15440-15459 in /tmp/offiziersskat-ha-bench, durable (fsync on), under bot load (FAILOVER_CONCURRENCY,
// 32 games at once, every move keyed, through HAProxy):
//
//   unplanned    the primary's machine (its Patroni and its Postgres) killed at once  target ≤ 15 s
//   switchover   Patroni's switchover (POST /switchover)                               target ≤ 3 s
//   node killed  one service node killed (kill -9 of its process group)               target ≤ 2 s
//
// FAILOVER_PARTS=unplanned,switchover,node,cost runs some of them only.
// Each prints the time from the fault to the first move acknowledged that was sent after it, the
// longest a move in flight at the fault was held up, what the bots were answered meanwhile, and
// the ledger's check (lost, doubled, gaps, unfinished games, rating differences); for the node
// killed, also how long HAProxy took to mark it down.
//
// Then the cost of synchronous replication, in the same run: the bots of bench:http (greedy
// against random, keyed moves, the view stream) for FAILOVER_WINDOW_SECONDS (15) against the two
// service nodes on the HA pair, then against two service nodes on a single durable Postgres
// (initdb of the machine's PostgreSQL): moves/s and p50/p99 of a move's round trip.
import { loadavg, cpus } from 'node:os';
import { runBots, latencyStats } from '../src/cli/bot-runner.ts';
import { startOwnPostgres } from '../test/support/own-postgres.ts';
import { startServer } from './fault-harness.ts';
import { describeFault, faultRun, killGroup, startTopology, type Topology } from './ha-harness.ts';

const CONCURRENCY = Number(process.env.FAILOVER_CONCURRENCY ?? 32);
const WINDOW = Number(process.env.FAILOVER_WINDOW_SECONDS ?? 15);
const ONLY = process.env.FAILOVER_PARTS?.split(',');
const part = (name: string) => !ONLY || ONLY.includes(name);
// The bots register and seat themselves first (slow on a busy machine): the fault comes after 5 s of play.
const RUN = { concurrency: CONCURRENCY, seconds: 10, faultAtMs: 5000 };
const log = (line: string) => process.stdout.write(`${line}\n`);
// As ha.sh starts its service nodes: the default pool, no rate limits (the bots are one address).
const NODE_ENV = { DATABASE_POOL_SIZE: '10', RATE_LIMIT_PLAYER: '0', RATE_LIMIT_ANONYMOUS: '0', RATE_LIMIT_SIGNUP: '0', RATE_LIMIT_PAGES: '0' };

log(`bench:failover — ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}, ${new Date().toISOString()}`);

const topology: Topology = await startTopology({ dir: '/tmp/offiziersskat-ha-bench', portBase: 15440, durable: true });
try {
  if (part('unplanned')) {
    const primary = (await topology.primary()) as 1 | 2;
    const unplanned = await faultRun(topology, 'unplanned (primary machine)', () => topology.killMachine(primary), RUN);
    log(`${describeFault(unplanned)} | target: served again ≤ 15000 ms`);
    await topology.ha('start-node', String(primary));
    await topology.settled();
  }
  if (part('switchover')) {
    const switchover = await faultRun(topology, 'planned switchover', () => topology.ha('switchover'), RUN);
    // Its primary serves on for a while after the command: the move held up longest says how long writes stopped.
    log(`${describeFault(switchover)} | target: longest stall ≤ 3000 ms, unexpected 0`);
    await topology.settled();
  }
  if (part('node')) {
    let markedDown: number | null = null;
    const nodeKilled = await faultRun(
      topology,
      'service node killed',
      async () => {
        killGroup(topology.groupOf('app1'));
        markedDown = await topology.lbMarksDown(1);
      },
      RUN,
    );
    log(`${describeFault(nodeKilled)} | HAProxy marked it down in ${markedDown ?? 'never'} ms | target: ≤ 2000 ms`);
    await topology.ha('start-app', '1');
  }

  if (part('cost')) {
    // The cost of synchronous replication: the same bots, the same two service nodes' shape.
    const window = async (name: string, servers: string[]) => {
      const s = await runBots({ server: servers[0], servers, games: 100_000, concurrency: CONCURRENCY, strategy: 'greedy', opponent: 'random', durationMs: WINDOW * 1000, idempotency: 'all' });
      const { p50, p99 } = latencyStats(s.latencies);
      log(`${name.padEnd(34)} ${Math.round(s.moves / (s.elapsedMs / 1000))} moves/s | p50 ${p50.toFixed(1)} ms | p99 ${p99.toFixed(1)} ms | unexpected ${s.unexpected} | load ${loadavg()[0].toFixed(2)}`);
    };
    await window('HA pair (synchronous standby)', topology.apps);
    const single = await startOwnPostgres({ durable: true });
    const nodes = [await startServer(single.url, NODE_ENV), await startServer(single.url, NODE_ENV)];
    try {
      await window('single Postgres', nodes.map((n) => n.url));
    } finally {
      for (const n of nodes) {
        n.child.kill('SIGTERM');
        await n.exited;
      }
      single.destroy();
    }
  }
} finally {
  await topology.close();
}
