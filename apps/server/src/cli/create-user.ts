import { EmailSchema, NewPasswordSchema, RoleSchema } from '@speedway/contracts';
import { z } from 'zod';
import type { Database } from '../db/client';
import { usersRepository } from '../features/auth/users.repository';
import { hashPassword } from '../lib/passwords';

const ArgsSchema = z
  .object({
    email: EmailSchema,
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
  });

/**
 * Creates a verified account (the way to make the first admin). An existing account with the
 * e-mail gets the given password, role and club, and is marked verified.
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
    const created = await usersRepository.insertIfNew(tx, { email: a.email, ...values });
    if (created) return `Created ${a.role} ${a.email}`;
    const existing = await usersRepository.findByEmail(tx, a.email);
    await usersRepository.update(tx, existing!.id, values);
    return `Updated ${a.email}: role ${a.role}, verified, new password`;
  });
}
