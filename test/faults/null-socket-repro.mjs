// Run by null-socket.test.ts as a child process: `node null-socket-repro.mjs <postgres url>`.
// A transaction's connection dies while a statement of it is in flight; postgres.js then sends
// the transaction's ROLLBACK on the dead connection. Unpatched postgres.js 3.4.9 schedules that
// write for the next turn of the event loop and dereferences the socket closed() has nulled:
// an uncaught TypeError in Immediate.nextWrite that ends the process (porsager/postgres#1208).
// Patched, the transaction rejects with a connection error and a new query succeeds.
import postgres from 'postgres';

const url = process.argv[2];
const sql = postgres(url, { max: 2, onnotice: () => {} });
const killer = postgres(url, { max: 1, onnotice: () => {} });

let pid = null;
const tx = sql.begin(async (t) => {
  const [row] = await t`select pg_backend_pid() as pid`;
  pid = row.pid;
  await t`select pg_sleep(5)`; // in flight when the backend dies
});
const outcome = tx.then(
  () => 'committed',
  (e) => `rejected ${e.code ?? e.message}`,
);
while (pid === null) await new Promise((r) => setTimeout(r, 20));
await killer`select pg_terminate_backend(${pid})`;
const result = await outcome;
// Let any write the driver scheduled run (this is where the unpatched driver throws).
await new Promise((r) => setTimeout(r, 200));
const [{ ok }] = await sql`select 1 as ok`;
process.stdout.write(JSON.stringify({ transaction: result, after: ok }) + '\n');
await Promise.all([sql.end({ timeout: 1 }), killer.end({ timeout: 1 })]);
