/**
 * Users and their profiles (product §3 profiles, §6 roles). Admin accounts are created only here,
 * from the command line or the start-up bootstrap (product decisions: admin cannot be chosen at
 * sign-up).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { account, profile, user } from '../../db/schema';
import { Refused } from '../../errors.server';
import { hashPassword } from '../../password.server';

/** True when any profile has the admin flag. */
export async function adminExists(): Promise<boolean> {
  const [row] = await db().select({ id: profile.userId }).from(profile).where(eq(profile.isAdmin, true)).limit(1);
  return Boolean(row);
}

/**
 * Creates a verified admin with `email` and `password`, or gives the admin flag (and the new
 * password) to the existing account with that e-mail. Returns the user id and whether it
 * was created.
 * @throws Refused('invalid') for a malformed e-mail or a password under the sign-up rule (product §5).
 */
export async function createAdmin(input: { email: string; password: string; name?: string }) {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Refused('invalid', 'Please enter a valid email address.');
  const { passwordProblems } = await import('~/lib/password-rules');
  const problems = passwordProblems(input.password);
  if (problems.length) throw new Refused('invalid', `The admin password needs ${problems.join(', ')}.`);
  const passwordHash = await hashPassword(input.password);
  return db().transaction(async (tx) => {
    const [existing] = await tx.select({ id: user.id }).from(user).where(eq(user.email, email));
    if (existing) {
      await tx.update(user).set({ emailVerified: true }).where(eq(user.id, existing.id));
      await tx
        .insert(profile)
        .values({ userId: existing.id, isAdmin: true })
        .onConflictDoUpdate({ target: profile.userId, set: { isAdmin: true } });
      const [credential] = await tx.select({ id: account.id }).from(account).where(eq(account.userId, existing.id));
      if (credential) await tx.update(account).set({ password: passwordHash }).where(eq(account.id, credential.id));
      else
        await tx.insert(account).values({
          id: randomUUID(),
          accountId: existing.id,
          providerId: 'credential',
          userId: existing.id,
          password: passwordHash,
        });
      return { userId: existing.id, created: false };
    }
    const id = randomUUID();
    await tx.insert(user).values({ id, email, name: input.name?.trim() || 'Administrator', emailVerified: true });
    await tx
      .insert(account)
      .values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: passwordHash });
    await tx.insert(profile).values({ userId: id, isAdmin: true });
    return { userId: id, created: true };
  });
}
