import pino from 'pino';
import { loggerOptions } from './lib/log';
import { buildApp } from './app';
import { loadConfig } from './config';
import { recompareSavedMatches } from './features/protocol/index';
import { seedDemoDataIfEnabled } from './features/official/index';
import { openDatabase } from './runtime';
import { resolveAppSecret } from './secrets';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

async function main() {
  // Signals are taken from the first moment: one that arrives while the database starts (initdb,
  // migrations) stops the server as soon as it is up, rather than killing it half-way and
  // leaving its PostgreSQL behind.
  const signals: { stop?: (signal: string) => void; pending?: string } = {};
  for (const signal of SIGNALS) {
    process.on(signal, () => (signals.stop ? signals.stop(signal) : (signals.pending ??= signal)));
  }

  const config = loadConfig();
  // The same hygiene as the app's own logger: no SQL parameters, credentials or tokens.
  const log = pino(loggerOptions(config.logLevel));
  const runtime = await openDatabase(config, log);
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    await seedDemoDataIfEnabled(config, runtime.db, recompareSavedMatches, log);
    app = await buildApp({
      config,
      db: runtime.db,
      appSecret: resolveAppSecret(config),
      logger: log,
    });
  } catch (err) {
    await runtime.shutdown();
    throw err;
  }

  let closing = false;
  signals.stop = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    // Requests in flight finish first; then the pool closes and PostgreSQL stops.
    app
      .close()
      .then(() => runtime.shutdown())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  if (signals.pending) return signals.stop(signals.pending);

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await app.close();
    await runtime.shutdown();
    throw err;
  }
  app.log.info(`Speedway Elitserien serves ${config.appUrl}`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
