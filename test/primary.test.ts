import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.ts';
import { restartDelay, workerCount } from '../src/app/primary.ts';

describe('the primary', () => {
  it('restarts a worker that lived long at once, and backs off while they die young (no restart storm)', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 20].map(restartDelay)).toEqual([0, 500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
  });

  it('runs one worker on embedded PGlite', () => {
    expect(workerCount(loadConfig({}))).toBe(1);
    expect(workerCount(loadConfig({ DATABASE_URL: 'memory://' }))).toBe(1);
  });
});
