// `npm run ratings -- --check`: recomputes every rating from the finished rated games, in the
// order they ended, and prints any difference with what is stored (ratings-check.ts). Exit 0: no
// difference; 1: differences (each printed); 2: bad usage. The database is DATABASE_URL's.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { checkRatingsReport } from './ratings-check.ts';

const USAGE = 'usage: npm run ratings -- --check';

let values;
try {
  ({ values } = parseArgs({ options: { check: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } }));
} catch (e) {
  console.error(`ratings: ${(e as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (values.help || !values.check) {
  (values.help ? console.log : console.error)(USAGE);
  process.exit(values.help ? 0 : 2);
}
const config = loadConfig();
const database = await openDatabase(config.databaseUrl, { sessionUrl: config.databaseListenUrl, transactionPooling: config.databasePoolMode === 'transaction' });
let code = 0;
try {
  const { games, players, differences } = await checkRatingsReport(database);
  for (const d of differences) console.log(d);
  console.log(`ratings: ${games} finished rated games, ${players} ratings recomputed: ${differences.length === 0 ? 'no difference' : `${differences.length} difference(s)`}`);
  code = differences.length === 0 ? 0 : 1;
} finally {
  await database.close();
}
process.exit(code);
