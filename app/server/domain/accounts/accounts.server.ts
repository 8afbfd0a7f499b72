/**
 * Accounts around better-auth: the profile created with a new user from the sign-up answers
 * (product §3 profiles and sign-up metadata), the lender's notify-user-creation e-mail, the
 * per-account sign-in lockout (issue "Accounts": 10 failures within 15 minutes lock the account
 * for 15 minutes) and the last sign-in time (product decisions 'Last Login').
 */
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { SignUpInput } from '~/lib/schemas/auth';
import { db, type Reader } from '../../db/client.server';
import { profile, user } from '../../db/schema';
import { env } from '../../env.server';
import { queueEmail } from '../../mail/outbox.server';
import { recordSelfCertification } from '../investing/investments.server';
import { borrowerColumns, investorColumns } from './profiles.server';

/** Failed sign-ins for one account within `LOCKOUT_WINDOW_MINUTES` that lock it. */
export const LOCKOUT_THRESHOLD = 10;
/** The counting window and the lock's length, in minutes. */
export const LOCKOUT_WINDOW_MINUTES = 15;
export const LOCKED_MESSAGE = `Too many failed sign-in attempts. This account is locked for ${LOCKOUT_WINDOW_MINUTES} minutes; try again later or reset your password.`;

/**
 * Creates the profile of the new user `userId` from validated sign-up answers (roles borrower
 * and investor only; admin is never taken from a sign-up) and queues notify-user-creation to
 * NOTIFY_EMAIL with the answers in camelCase (product §7). Answers of a role not chosen are dropped.
 */
export async function createSignUpProfile(tx: Reader, userId: string, input: SignUpInput): Promise<void> {
  const investor = input.isInvestor;
  const borrower = input.isBorrower;
  const values = {
    userId,
    isBorrower: borrower,
    isInvestor: investor,
    isAdmin: false,
    ...investorColumns(investor ? input : {}),
    ...borrowerColumns(borrower ? input : { propertyTypes: [], propertyAddress: undefined, projectDescription: undefined }),
  };
  await tx.insert(profile).values(values);
  if (investor && values.isAccredited) await recordSelfCertification(tx, userId);
  await queueEmail(tx, {
    to: env().NOTIFY_EMAIL,
    template: 'user-created',
    payload: {
      name: input.name,
      email: input.email,
      isBorrower: borrower,
      isInvestor: investor,
      isAccredited: values.isAccredited,
      income: values.income,
      netWorth: values.netWorth,
      investmentExperience: values.investmentExperience,
      loanType: values.loanType,
      propertyType: values.propertyTypes.join(', '),
      hasSpecificAddress: values.hasSpecificAddress,
      propertyAddress: values.propertyAddress,
      loanAmount: values.loanAmountRange,
      projectDescription: values.projectDescription,
      desiredLoanAmount: values.desiredLoanAmount,
      estimatedPropertyValue: values.estimatedPropertyValue,
    },
  });
}

/** What a disabled account is told when it tries to sign in (issue "Security and scale"). */
export const DISABLED_MESSAGE = 'This account has been disabled. Please contact us if you believe this is a mistake.';

/**
 * Why the account of `email` may not sign in now, or null when it may (or has no account):
 * ACCOUNT_DISABLED while staff have disabled it, ACCOUNT_LOCKED while it is locked after too
 * many failed sign-ins. Checked at the password and at the second factor.
 */
export async function signInRefusal(email: string): Promise<{ code: string; message: string } | null> {
  const [row] = await db()
    .select({ disabled: sql<boolean>`${profile.disabledAt} is not null`, locked: sql<boolean>`${profile.lockedUntil} > now()` })
    .from(profile)
    .innerJoin(user, eq(user.id, profile.userId))
    .where(eq(user.email, email.trim().toLowerCase()));
  if (row?.disabled) return { code: 'ACCOUNT_DISABLED', message: DISABLED_MESSAGE };
  if (row?.locked) return { code: 'ACCOUNT_LOCKED', message: LOCKED_MESSAGE };
  return null;
}

/** The id and e-mail of user `id`, or null. */
export async function userById(id: string): Promise<{ id: string; email: string } | null> {
  const [row] = await db().select({ id: user.id, email: user.email }).from(user).where(eq(user.id, id));
  return row ?? null;
}

/** True when user `id` has admin access (profile.is_admin), false otherwise or without a profile. */
export async function isAdminAccount(id: string): Promise<boolean> {
  const [row] = await db().select({ isAdmin: profile.isAdmin }).from(profile).where(eq(profile.userId, id));
  return row?.isAdmin ?? false;
}

/** The id and e-mail of the account of `email` (trimmed, any case), or null. */
export async function userByEmail(email: string): Promise<{ id: string; email: string } | null> {
  const [row] = await db()
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(eq(user.email, email.trim().toLowerCase()));
  return row ?? null;
}

/**
 * Counts one password attempt for the account of `email` before the password is checked, and
 * says whether it may go on: null to go on (also for an address without an account), or why
 * not (disabled, locked). The count and the lock are one atomic update that skips a locked
 * account, so attempts racing in parallel (on one process or several) never get more than
 * LOCKOUT_THRESHOLD passwords checked in a window: the one that makes the tenth locks the
 * account, and the row lock makes every later one see it. A sign-in that succeeds clears the
 * count (`recordSignIn`).
 */
export async function beginPasswordAttempt(email: string): Promise<{ code: string; message: string } | null> {
  const refusal = await signInRefusal(email);
  if (refusal) return refusal;
  const address = email.trim().toLowerCase();
  const windowExpired = sql`(${profile.failedSignInWindowStart} is null or ${profile.failedSignInWindowStart} < now() - make_interval(mins => ${LOCKOUT_WINDOW_MINUTES}))`;
  const nextCount = sql`case when ${windowExpired} then 1 else ${profile.failedSignIns} + 1 end`;
  const counted = await db()
    .update(profile)
    .set({
      failedSignIns: nextCount,
      failedSignInWindowStart: sql`case when ${windowExpired} then now() else ${profile.failedSignInWindowStart} end`,
      lockedUntil: sql`case when ${nextCount} >= ${LOCKOUT_THRESHOLD} then now() + make_interval(mins => ${LOCKOUT_WINDOW_MINUTES}) else ${profile.lockedUntil} end`,
    })
    .where(
      and(
        eq(profile.userId, sql`(select ${user.id} from ${user} where ${user.email} = ${address})`),
        or(isNull(profile.lockedUntil), lte(profile.lockedUntil, sql`now()`)),
      ),
    )
    .returning({ userId: profile.userId });
  // Nothing counted: no such account, or one another attempt has just locked.
  return counted.length ? null : signInRefusal(email);
}

/**
 * Counts one failed sign-in for the account of `email` (nothing for an unknown address), in
 * one atomic update: a new window starts after 15 minutes; the tenth failure in a window locks
 * the account for 15 minutes.
 */
export async function recordFailedSignIn(email: string): Promise<void> {
  const windowExpired = sql`(${profile.failedSignInWindowStart} is null or ${profile.failedSignInWindowStart} < now() - make_interval(mins => ${LOCKOUT_WINDOW_MINUTES}))`;
  const nextCount = sql`case when ${windowExpired} then 1 else ${profile.failedSignIns} + 1 end`;
  await db()
    .update(profile)
    .set({
      failedSignIns: nextCount,
      failedSignInWindowStart: sql`case when ${windowExpired} then now() else ${profile.failedSignInWindowStart} end`,
      lockedUntil: sql`case when ${nextCount} >= ${LOCKOUT_THRESHOLD} then now() + make_interval(mins => ${LOCKOUT_WINDOW_MINUTES}) else ${profile.lockedUntil} end`,
    })
    .where(eq(profile.userId, sql`(select ${user.id} from ${user} where ${user.email} = ${email.trim().toLowerCase()})`));
}

/** Lifts the sign-in lock of `userId` and forgets its failures (after a password reset). */
export async function clearSignInLock(userId: string): Promise<void> {
  await db()
    .update(profile)
    .set({ lockedUntil: null, failedSignIns: 0, failedSignInWindowStart: null })
    .where(eq(profile.userId, userId));
}

/** Records a successful sign-in of `userId`: last sign-in time now, failure count cleared. */
export async function recordSignIn(userId: string): Promise<void> {
  await db()
    .update(profile)
    .set({ lastLoginAt: sql`now()`, failedSignIns: 0, failedSignInWindowStart: null })
    .where(eq(profile.userId, userId));
}
