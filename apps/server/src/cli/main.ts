import pino from 'pino';
import { loggerOptions } from '../lib/log';
import { constants as osConstants } from 'node:os';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../config';
import { openDatabase } from '../runtime';
import { createUserCommand } from './create-user';
import { importCommand } from './import';
import { SYNC_USAGE, syncCommand } from './sync';

// Messages in Swedish, as the API gives them.
z.config(z.locales.sv());

const USAGE = `Usage:
  npm run create-user -- --email E --password P [--role user|club_admin|super_admin] [--club SLUG] [--name NAME]
  npm run create-user -- --email 'test-{n}@example.se' --count 200 --password P   (many accounts)
      [--sessions FILE]   (also signed in: one bearer token a line in FILE, for load tests)
  npm run import -- FILE.json   (speedway-official/1)
  ${SYNC_USAGE}`;

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const config = loadConfig();
  const log = pino(loggerOptions(process.env.LOG_LEVEL ?? 'warn'));
  const commands: Record<
    string,
    (args: string[], db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<string>
  > = {
    'create-user': (args, db) =>
      createUserCommand(
        parseArgs({
          args,
          options: {
            email: { type: 'string' },
            count: { type: 'string' },
            password: { type: 'string' },
            role: { type: 'string', default: 'user' },
            club: { type: 'string' },
            name: { type: 'string' },
            sessions: { type: 'string' },
          },
          strict: true,
        }).values,
        db,
      ),
    import: (args, db) => importCommand(args, db, undefined, log),
    sync: (args, db) =>
      syncCommand(args, db, { config: config.officialSync, appUrl: config.appUrl }, log),
  };
  const run = command ? commands[command] : undefined;
  if (!run) {
    console.error(USAGE);
    process.exit(2);
  }
  // A running server keeps its embedded database; the tool then talks to that one.
  const runtime = await openDatabase(config, log, { attachToRunning: true });
  // A PostgreSQL this tool started for the moment is stopped on Ctrl-C or SIGTERM too.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void runtime.shutdown().finally(() => process.exit(128 + osConstants.signals[signal]));
    });
  }
  try {
    console.log(await run(rest, runtime.db));
    console.log(`(database: ${runtime.where})`);
  } finally {
    await runtime.shutdown();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
