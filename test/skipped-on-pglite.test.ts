// A run on PGlite says which Postgres-only suites it skips and why (test/support/skipped-on-pglite.ts).
import { describe, expect, it } from 'vitest';
import { announcement, postgresOnly } from './support/skipped-on-pglite.ts';

describe('the Postgres-only suites', () => {
  it('are found by their runIf/skipIf marks', () => {
    expect(postgresOnly()).toEqual(
      expect.arrayContaining([
        'test/games/persistence.test.ts: on the Postgres server of DATABASE_URL, restarted on the same database',
        'test/games/relisten.test.ts: a lost listening connection',
        'test/deploy.test.ts: two processes of the service behind a balancer…',
      ]),
    );
  });

  it('are named, with the reason, on PGlite only', () => {
    const text = announcement({});
    expect(text).toMatch(/^On embedded PGlite \(DATABASE_URL is not set\): \d+ Postgres-only suite\(s\) skipped\. They need a PostgreSQL server/);
    expect(text).toContain('  - test/games/relisten.test.ts: a lost listening connection\n');
    expect(announcement({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' })).toBe('');
  });
});
