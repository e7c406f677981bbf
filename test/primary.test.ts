import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/app/config.ts';
import cluster from 'node:cluster';
import { restartDelay, schedulingPolicy, workerCount } from '../src/app/primary.ts';

describe('the primary', () => {
  it('restarts a worker that lived long at once, and backs off while they die young (no restart storm)', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 20].map(restartDelay)).toEqual([0, 500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
  });

  it('runs one worker on embedded PGlite', () => {
    expect(workerCount(loadConfig({}))).toBe(1);
    expect(workerCount(loadConfig({ DATABASE_URL: 'memory://' }))).toBe(1);
  });

  it('lets one worker accept its own connections (no hand-over to lose when it is killed); several share them round robin', () => {
    expect(schedulingPolicy(1, {})).toBe(cluster.SCHED_NONE);
    expect(schedulingPolicy(4, {})).toBe(cluster.SCHED_RR);
    // Node's own switch, read by node:cluster itself, is left to it.
    expect(schedulingPolicy(1, { NODE_CLUSTER_SCHED_POLICY: 'rr' })).toBeNull();
  });
});
