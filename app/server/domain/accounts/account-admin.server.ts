/**
 * Accounts managed by staff from the user directory (issue "Security and scale"): disable and
 * re-enable an account (a disabled account's sessions end at once and it cannot sign in), grant
 * or remove admin, reset two-step verification after a lost phone (the user enrols again; an
 * admin before the next admin page). Each change and its audit event (who, what, why) commit together. The site
 * never ends up without an enabled admin: the last one cannot remove their own admin flag or
 * disable themselves (checked under a lock on the admins' rows, so two admins acting at once
 * cannot both go).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { transaction, type Transaction } from '../../db/client.server';
import { profile, session, twoFactor, user } from '../../db/schema';
import { NotFound, Refused } from '../../errors.server';
import { audit, type Actor } from '../audit.server';

/** A change of an account that staff make, with the reason kept in the audit log. */
export type AccountChange = 'disable' | 'enable' | 'grant-admin' | 'remove-admin' | 'reset-two-factor';

/** The audit action of each change. */
const ACCOUNT_CHANGE_ACTIONS: Record<AccountChange, string> = {
  disable: 'account.disabled',
  enable: 'account.enabled',
  'grant-admin': 'role.admin_granted',
  'remove-admin': 'role.admin_removed',
  'reset-two-factor': 'two-factor.reset',
};

/** The columns of an account's state: e-mail, confirmed, two-step verification, admin, disabled since. */
export const accountColumns = {
  email: user.email,
  emailVerified: user.emailVerified,
  twoFactorEnabled: user.twoFactorEnabled,
  isAdmin: profile.isAdmin,
  disabledAt: profile.disabledAt,
};

/** What the account of `userId` is now, its profile row locked until `tx` ends; null for none. */
async function accountState(tx: Transaction, userId: string) {
  const [row] = await tx
    .select(accountColumns)
    .from(user)
    .innerJoin(profile, eq(profile.userId, user.id))
    .where(eq(user.id, userId))
    .for('update', { of: profile });
  return row ?? null;
}

/** How many enabled admins there are, with their rows locked until the transaction ends. */
async function lockEnabledAdmins(tx: Transaction): Promise<number> {
  const rows = await tx
    .select({ id: profile.userId })
    .from(profile)
    .where(and(eq(profile.isAdmin, true), isNull(profile.disabledAt)))
    .for('update');
  return rows.length;
}

/**
 * Applies `change` to the account `userId` on behalf of `actor`, with `reason`, and records it.
 * @throws NotFound for no such account; Refused('conflict') when the account is already so, or
 * when the change would leave no enabled admin (the last admin acting on themselves).
 */
export async function changeAccount(actor: Actor, userId: string, change: AccountChange, reason: string, clientIp: string) {
  await transaction(async (tx) => {
    const adminsBefore = await lockEnabledAdmins(tx);
    const target = await accountState(tx, userId);
    if (!target) throw new NotFound('No such account.');
    const enabledAdmin = target.isAdmin && !target.disabledAt;
    const self = userId === actor.id;
    switch (change) {
      case 'disable':
        if (target.disabledAt) throw new Refused('conflict', 'This account is disabled already.');
        if (self && enabledAdmin && adminsBefore <= 1)
          throw new Refused('conflict', 'You are the last admin: you cannot disable your own account.', 'Not disabled');
        await tx
          .update(profile)
          .set({ disabledAt: sql`now()` })
          .where(eq(profile.userId, userId));
        // Signed out everywhere at once.
        await tx.delete(session).where(eq(session.userId, userId));
        break;
      case 'enable':
        if (!target.disabledAt) throw new Refused('conflict', 'This account is enabled already.');
        await tx.update(profile).set({ disabledAt: null }).where(eq(profile.userId, userId));
        break;
      case 'grant-admin':
        if (target.isAdmin) throw new Refused('conflict', 'This account is an admin already.');
        await tx.update(profile).set({ isAdmin: true }).where(eq(profile.userId, userId));
        break;
      case 'remove-admin':
        if (!target.isAdmin) throw new Refused('conflict', 'This account is not an admin.');
        if (self && enabledAdmin && adminsBefore <= 1)
          throw new Refused('conflict', 'You are the last admin: you cannot remove your own admin access.', 'Admin kept');
        await tx.update(profile).set({ isAdmin: false }).where(eq(profile.userId, userId));
        break;
      case 'reset-two-factor':
        // A lost phone: the factor and its recovery codes go, and so do the sessions that passed it.
        if (!target.twoFactorEnabled) throw new Refused('conflict', 'This account has no two-step verification to reset.');
        if (self)
          throw new Refused('conflict', 'Reset your own two-step verification with a recovery code instead.', 'Not reset');
        await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
        await tx.update(user).set({ twoFactorEnabled: false }).where(eq(user.id, userId));
        await tx.delete(session).where(eq(session.userId, userId));
        break;
    }
    await audit(actor, ACCOUNT_CHANGE_ACTIONS[change], { type: 'user', id: userId }, { reason, clientIp }, tx);
  });
}
