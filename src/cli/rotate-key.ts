// npm run keys:rotate: a new signing key for the service's own tokens (kept in the database, when
// JWT_PRIVATE_KEY is not set). Every running process signs with it within a second (the
// announcement), or at its next refresh; tokens of the old key keep working until they expire,
// then the old key retires by itself. See README, "Signing keys".
import { rotateKey, AUTH_KEY } from '../accounts/index.ts';
import { SigningKeyStore } from '../platform/auth/signing-key-store.ts';
import { loadConfig } from '../app/config.ts';
import { openDatabase } from '../platform/db/client.ts';
import { PgNotifier } from '../platform/streams/notifier.ts';

const config = loadConfig();
if (config.jwt.privateKey) {
  console.error('JWT_PRIVATE_KEY is set: the service signs with that key, not with keys kept in the database (see README, "Signing keys")');
  process.exit(2);
}
const database = await openDatabase(config.databaseUrl, { sessionUrl: config.databaseListenUrl, transactionPooling: config.databasePoolMode === 'transaction' });
try {
  const kid = await rotateKey(new SigningKeyStore(database.db), new Date());
  const notifier = await PgNotifier.start(database, 1);
  await notifier.publish(AUTH_KEY, Date.now());
  await notifier.close();
  console.log(`new signing key ${kid}; the previous one verifies its tokens until the last has expired`);
} finally {
  await database.close();
}
