// `npm run ratings -- --check`: recomputes every rating from the finished rated games, in the
// order they ended, and prints any difference with what is stored (ratings-check.ts). Exit 0: no
// difference; 1: differences (each printed); 2: bad usage. The database is DATABASE_URL's.
// (Exit codes through process.exitCode: process.exit could cut off output still going to a pipe.)
import { parseArgs } from 'node:util';
import { loadConfig } from '../app/config.ts';
import { openDatabase } from '../platform/db/client.ts';
import { checkRatingsReport } from './ratings-check.ts';

const USAGE = 'usage: npm run ratings -- --check';

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ options: { check: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } }));
  } catch (e) {
    console.error(`ratings: ${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!values.check) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config.databaseUrl, { sessionUrl: config.databaseListenUrl, transactionPooling: config.databasePoolMode === 'transaction' });
  try {
    const { games, players, differences } = await checkRatingsReport(database);
    for (const d of differences) console.log(d);
    console.log(`ratings: ${games} finished rated games, ${players} ratings recomputed: ${differences.length === 0 ? 'no difference' : `${differences.length} difference(s)`}`);
    return differences.length === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
