// deploy/ha/ha.sh as an operator runs it (docs/operations.md lists its commands): each command says
// in a line what it did, and returns only once what it promises holds, as Patroni's REST API
// answers right after it: start-node once the node is back in the cluster (a replica streaming
// from the primary), switchover once the new primary is in place (named), start-app once the
// service node is ready. A switchover Patroni refuses fails with Patroni's answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haPackagesInstalled, startTopology, type Topology } from '../../bench/ha-harness.ts';

const hasPackages = haPackagesInstalled();

let topology: Topology;
beforeAll(async () => {
  if (hasPackages) topology = await startTopology();
});
afterAll(async () => {
  await topology?.close();
});

const other = (n: number) => (n === 1 ? 2 : 1);

/** Patroni's REST API of node n (ha.sh: port base + 5 + n; HAProxy's port is base + 10). */
const restOf = (n: number) => `http://127.0.0.1:${Number(new URL(topology.lb).port) - 10 + 5 + n}`;

interface PatroniState {
  state?: string;
  role?: string;
  replication?: { application_name: string; state: string; sync_state: string }[];
}

/** Node n's own state (GET /patroni), or null when its Patroni does not answer. */
async function patroniOf(n: number): Promise<PatroniState | null> {
  try {
    return (await (await fetch(`${restOf(n)}/patroni`, { signal: AbortSignal.timeout(2000) })).json()) as PatroniState;
  } catch {
    return null;
  }
}

describe.skipIf(!hasPackages)('deploy/ha/ha.sh', () => {
  it('start-node returns once the node is a replica streaming from the primary again, and says so', async () => {
    const primary = (await topology.primary())!;
    const standby = other(primary);
    topology.killMachine(standby);
    const said = await topology.ha('start-node', String(standby));
    // At once, no waiting: the node runs as a replica and the primary sends it the WAL.
    expect(await patroniOf(standby)).toMatchObject({ state: 'running', role: 'replica' });
    const sender = (await patroniOf(primary))?.replication?.find((r) => r.application_name === `node${standby}`);
    expect(sender?.state).toBe('streaming');
    expect(said).toMatch(new RegExp(`node${standby}: back in the cluster as the (synchronous )?standby, in [0-9.]+ s`));
    await topology.settled();
  });

  it('switchover prints Patroni’s answer and returns once the new primary is in place, naming it', async () => {
    const primary = (await topology.primary())!;
    const candidate = other(primary);
    const said = await topology.ha('switchover');
    expect(said).toContain(`switchover: Patroni (node${primary}) answered 200: Successfully switched over to "node${candidate}"`);
    expect(said).toContain(`switchover: node${candidate} is the primary now`);
    expect((await fetch(`${restOf(candidate)}/primary`)).status).toBe(200);
    await topology.settled();
  });

  it('a switchover Patroni refuses (no standby to take over) fails with Patroni’s answer, the primary kept', async () => {
    const primary = (await topology.primary())!;
    topology.killMachine(other(primary));
    const refused = await topology.ha('switchover').then(
      () => null,
      (e: { code?: number; stdout?: string; stderr?: string }) => e,
    );
    expect(refused?.code, refused?.stdout).toBe(1);
    // Patroni's reason depends on how far it has seen the standby go (not possible, no sync standby, …): 412 each.
    expect(refused?.stdout).toMatch(new RegExp(`switchover: Patroni \\(node${primary}\\) answered 412: \\S`));
    expect(refused?.stderr).toContain(`switchover: refused or failed; node${primary} stays the primary`);
    expect(await topology.primary()).toBe(primary);
    await topology.ha('start-node', String(other(primary)));
    await topology.settled();
  });

  it('stop-app and start-app say what they did; start-app returns once the service node is ready', async () => {
    expect(await topology.ha('stop-app', '2')).toContain('app2: stopped');
    await expect(fetch(`${topology.apps[1]}/healthz`)).rejects.toThrow();
    expect(await topology.ha('start-app', '2')).toMatch(/app2: ready on http:\/\/127\.0\.0\.1:\d+ \(pid \d+\), in [0-9.]+ s/);
    expect((await fetch(`${topology.apps[1]}/readyz`)).status).toBe(200);
  });
});
