import { hash, verify, type Options } from '@node-rs/argon2';

// argon2id with OWASP's minimum (19 MiB, 2 passes).
// (algorithm 2 is Argon2id; the package exposes it only as an ambient const enum.)
const OPTIONS: Options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verified against when an e-mail is unknown, so that both answers take about as long.
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hash('not-a-real-password', OPTIONS);
  await verifyPassword(await dummyHash, password);
}
