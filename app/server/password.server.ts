/**
 * Password hashing: argon2id via @node-rs/argon2 (OWASP parameters: 19 MiB, 2 passes), used
 * by better-auth and by the admin bootstrap alike.
 */
import { hash, verify } from '@node-rs/argon2';

const ARGON2ID = 2;
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Returns the PHC-formatted argon2id hash of `password`. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/** True when `password` matches the PHC-formatted `hashed`; false for a malformed hash. */
export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}
