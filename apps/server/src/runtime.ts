import pino from 'pino';
import type { Config } from './config';
import { createDatabase, type DatabaseHandle } from './db/client';
import { runningEmbeddedUrl, startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { runMigrations } from './db/migrate';

export type Runtime = DatabaseHandle & {
  embedded: EmbeddedDatabase | null;
  /** Which database this is, in words for a person (the CLI says where it wrote). */
  where: string;
  shutdown: () => Promise<void>;
};

/**
 * Connects to DATABASE_URL, or starts the embedded PostgreSQL in DATA_DIR, and brings the schema
 * up to date. Shared by the server and the command-line tools; a tool may attach to the embedded
 * PostgreSQL of a running server instead of starting its own.
 */
export async function openDatabase(
  config: Config,
  log = pino({ level: config.logLevel }),
  options: { attachToRunning?: boolean } = {},
): Promise<Runtime> {
  const attached =
    !config.databaseUrl && options.attachToRunning ? runningEmbeddedUrl(config.dataDir) : undefined;
  const embedded =
    config.databaseUrl || attached
      ? null
      : await startEmbeddedPostgres({
          dataDir: config.dataDir,
          log: { info: (m) => log.info(m), warn: (m) => log.warn(m), debug: (m) => log.debug(m) },
        });
  const url = config.databaseUrl ?? attached ?? embedded!.url();
  // Behind a transaction pooler, what needs a session goes to DATABASE_DIRECT_URL (ADR 026).
  const handle = createDatabase(url, { directUrl: config.databaseDirectUrl });
  try {
    await runMigrations(handle.db);
  } catch (err) {
    await handle.close();
    await embedded?.stop();
    throw err;
  }
  const external = config.databaseUrl ? new URL(config.databaseUrl) : undefined;
  const where = external
    ? `DATABASE_URL (${external.host}${external.pathname}${config.databaseDirectUrl ? ', with DATABASE_DIRECT_URL' : ''})`
    : `${attached ? "the running server's" : 'the'} embedded PostgreSQL of DATA_DIR ${config.dataDir}`;
  return {
    ...handle,
    embedded,
    where,
    shutdown: async () => {
      await handle.close();
      await embedded?.stop();
    },
  };
}
