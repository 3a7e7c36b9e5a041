import pino from 'pino';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../config';
import { openDatabase } from '../runtime';
import { createUserCommand } from './create-user';
import { importCommand } from './import';

// Messages in Swedish, as the API gives them.
z.config(z.locales.sv());

const USAGE = `Usage:
  npm run create-user -- --email E --password P [--role user|club_admin|super_admin] [--club SLUG] [--name NAME]
  npm run import -- FILE.json   (speedway-official/1)`;

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const config = loadConfig();
  const log = pino({ level: process.env.LOG_LEVEL ?? 'warn' });
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
            password: { type: 'string' },
            role: { type: 'string', default: 'user' },
            club: { type: 'string' },
            name: { type: 'string' },
          },
          strict: true,
        }).values,
        db,
      ),
    import: (args, db) => importCommand(args, db),
  };
  const run = command ? commands[command] : undefined;
  if (!run) {
    console.error(USAGE);
    process.exit(2);
  }
  // A running server keeps its embedded database; the tool then talks to that one.
  const runtime = await openDatabase(config, log, { attachToRunning: true });
  try {
    console.log(await run(rest, runtime.db));
  } finally {
    await runtime.shutdown();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
