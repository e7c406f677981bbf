// Start the service: `npm start`. Configuration only from the environment (see README).
import { ConfigError, loadConfig } from './config.ts';
import { describeDatabase } from './db/client.ts';
import { startService } from './server.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`configuration error: ${e.message}\n`);
      process.exit(2);
    }
    throw e;
  }
  const service = await startService(config);
  service.deps.log.info({ msg: `listening on ${service.url} (database: ${describeDatabase(config.databaseUrl)}); docs at ${service.url}/docs` });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await service.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e) => {
  process.stderr.write(`failed to start: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
