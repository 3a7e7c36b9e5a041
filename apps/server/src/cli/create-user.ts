import { EmailSchema, NewPasswordSchema, RoleSchema } from '@speedway/contracts';
import { chmod, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { ClientMeta } from '../context';
import type { Database } from '../db/client';
import { createSession, upsertUser } from '../features/auth/index';
import { hashPassword } from '../lib/passwords';

/** `{n}` in --email is replaced by 1…count when --count is given (test and load-test accounts). */
const COUNTER = '{n}';

/** What a session made by this tool shows in the account's session list. */
const CLI_CLIENT: ClientMeta = { ip: '127.0.0.1', userAgent: 'speedway create-user' };

const ArgsSchema = z
  .object({
    email: z.string(),
    count: z.coerce.number().int().min(1).max(10_000).optional(),
    password: NewPasswordSchema,
    role: RoleSchema,
    club: z
      .string()
      .regex(/^[a-z0-9-]+$/, 'club must be a slug (a-z, 0-9, -)')
      .optional(),
    name: z.string().max(80).optional(),
    sessions: z.string().min(1, 'name a file for the bearer tokens').optional(),
  })
  .refine((a) => a.role !== 'club_admin' || a.club, {
    message: 'a club_admin needs --club SLUG',
    path: ['club'],
  })
  .refine((a) => (a.count === undefined) === !a.email.includes(COUNTER), {
    message: `--count and ${COUNTER} in --email go together`,
    path: ['email'],
  })
  .transform((a, ctx) => {
    const emails = a.count
      ? Array.from({ length: a.count }, (_, i) => a.email.replace(COUNTER, String(i + 1)))
      : [a.email];
    const parsed = emails.map((e) => EmailSchema.safeParse(e));
    const bad = parsed.find((p) => !p.success);
    if (bad && !bad.success) {
      ctx.addIssue({ code: 'custom', message: bad.error.issues[0]!.message, path: ['email'] });
      return z.NEVER;
    }
    return { ...a, emails: parsed.map((p) => p.data!) };
  });

/**
 * Creates a verified account (the way to make the first admin), or with --count many (accounts
 * for a demo or a load test, one password hash for all). An existing account with the e-mail gets
 * the given password, role and club, and is marked verified. With --sessions FILE each account is
 * also signed in, as the login route does it (a load test cannot sign 5,000 users in through a
 * rate-limited argon2 check): FILE gets one bearer token a line, in the order of the accounts,
 * written once the accounts and sessions are committed.
 */
export async function createUserCommand(
  raw: Record<string, unknown>,
  db: Database,
  // npm runs workspace scripts inside the workspace; INIT_CWD is where the command was typed.
  cwd = process.env.INIT_CWD ?? process.cwd(),
): Promise<string> {
  const parsed = ArgsSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(
      parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n'),
    );
  }
  const a = parsed.data;
  const values = {
    passwordHash: await hashPassword(a.password),
    role: a.role,
    clubSlug: a.club ?? null,
    emailVerifiedAt: new Date(),
    ...(a.name ? { displayName: a.name } : {}),
  };
  const { lines, tokens } = await db.transaction(async (tx) => {
    const lines: string[] = [];
    const tokens: string[] = [];
    for (const email of a.emails) {
      const { user, created } = await upsertUser(tx, email, values);
      lines.push(
        created
          ? `Created ${a.role} ${email}`
          : `Updated ${email}: role ${a.role}, verified, new password`,
      );
      if (a.sessions) tokens.push(await createSession(tx, user.id, CLI_CLIENT));
    }
    return { lines, tokens };
  });
  const summary =
    a.emails.length > 3
      ? `${lines[0]} … ${lines.at(-1)} (${lines.length} accounts)`
      : lines.join('\n');
  if (!a.sessions) return summary;
  const file = path.resolve(cwd, a.sessions);
  // Bearer tokens: readable by the owner only.
  await writeFile(file, `${tokens.join('\n')}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return `${summary}\nSigned in: ${tokens.length} bearer tokens in ${file}, one a line`;
}
