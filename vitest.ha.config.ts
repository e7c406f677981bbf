// The HA fault suite (`npm run test:ha`): deploy/ha/ha.sh's topology (Patroni with etcd, a primary
// and a synchronous standby; two service nodes; HAProxy) started once per file: five faults in turn
// under bot load (faults.test.ts), and ha.sh's commands (ha-sh.test.ts). Needs the Debian packages
// patroni, etcd-server and haproxy (.ci/run installs them). One file at a time, its tests in order:
// each leaves the topology settled for the next.
import { defineConfig } from 'vitest/config';
import { shared } from './vitest.shared.ts';

export default defineConfig({
  test: {
    include: ['test/ha/**/*.test.ts'],
    fileParallelism: false,
    ...shared,
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
