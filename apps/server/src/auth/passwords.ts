/** Password hashing with argon2id at OWASP's recommended minimum (19 MiB, t=2, p=1). */
import argon2 from 'argon2';

const OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

// Verified against when the account does not exist, so a failed login takes the same
// time whether or not the username is known.
const dummyHash = hashPassword('a password nobody has, to spend the same time');

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  try {
    if (hash === null) {
      await argon2.verify(await dummyHash, password);
      return false;
    }
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
