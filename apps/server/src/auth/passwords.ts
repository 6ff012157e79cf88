import { randomBytes } from 'node:crypto';

// The native argon2 addon loads with the first sign-in or password, not at start-up.
let argon2: Promise<typeof import('@node-rs/argon2')> | undefined;
const loadArgon2 = () => (argon2 ??= import('@node-rs/argon2'));

// argon2id with the library's defaults (m=19 MiB, t=2, p=1), per OWASP's minimum.
export const hashPassword = async (password: string) => (await loadArgon2()).hash(password);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  const { verify } = await loadArgon2();
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A readable temporary password: 16 characters, no look-alikes. */
export function generatePassword(length = 16): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

/** A hash to verify against when the username is unknown, so timing does not reveal it. */
let decoy: Promise<string> | null = null;
export const decoyHash = () => (decoy ??= hashPassword(randomBytes(16).toString('hex')));
