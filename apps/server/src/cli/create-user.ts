import { EmailSchema, NewPasswordSchema, RoleSchema } from '@speedway/contracts';
import { z } from 'zod';
import type { Database } from '../db/client';
import { usersRepository } from '../features/auth/users.repository';
import { hashPassword } from '../lib/passwords';

/** `{n}` in --email is replaced by 1…count when --count is given (test and load-test accounts). */
const COUNTER = '{n}';

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
 * the given password, role and club, and is marked verified.
 */
export async function createUserCommand(
  raw: Record<string, unknown>,
  db: Database,
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
  return db.transaction(async (tx) => {
    const lines: string[] = [];
    for (const email of a.emails) {
      const created = await usersRepository.insertIfNew(tx, { email, ...values });
      if (created) {
        lines.push(`Created ${a.role} ${email}`);
        continue;
      }
      const existing = await usersRepository.findByEmail(tx, email);
      await usersRepository.update(tx, existing!.id, values);
      lines.push(`Updated ${email}: role ${a.role}, verified, new password`);
    }
    return a.emails.length > 3
      ? `${lines[0]} … ${lines.at(-1)} (${lines.length} accounts)`
      : lines.join('\n');
  });
}
