/**
 * Profiles (product §2 Profile, §3 profiles, §7 Profiles and Avatars): read one user's profile,
 * update its sections, and replace the avatar. Every function takes the signed-in user's id
 * from the session; nothing here accepts another user's id from a request.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { z } from 'zod';
import {
  AVATAR_TYPES,
  type basicInfoSchema,
  type borrowerPreferencesSchema,
  type investmentProfileSchema,
  type notificationPreferencesSchema,
} from '~/lib/schemas/profile';
import { removeReplacedFiles } from '../../backup.server';
import { db } from '../../db/client.server';
import { profile, user } from '../../db/schema';
import { logger } from '../../logger.server';
import { storage } from '../../storage.server';

/** The profile columns of the sign-up answers, for reading them (StoredAnswers). */
export const answerColumns = {
  isAccredited: profile.isAccredited,
  income: profile.income,
  netWorth: profile.netWorth,
  investmentExperience: profile.investmentExperience,
  loanType: profile.loanType,
  propertyTypes: profile.propertyTypes,
  hasSpecificAddress: profile.hasSpecificAddress,
  propertyAddress: profile.propertyAddress,
  loanAmountRange: profile.loanAmountRange,
  projectDescription: profile.projectDescription,
  desiredLoanAmount: profile.desiredLoanAmount,
  estimatedPropertyValue: profile.estimatedPropertyValue,
};

/** The profile columns that keep the investor's answers (accredited 'yes' is true; 'no' and 'unsure' false). */
export function investorColumns(a: z.infer<typeof investmentProfileSchema>) {
  return {
    isAccredited: a.accredited ? a.accredited === 'yes' : null,
    income: a.income ?? null,
    netWorth: a.netWorth ?? null,
    investmentExperience: a.investmentExperience ?? null,
  };
}

/** The profile columns that keep the borrower's answers (the address only when there is one). */
export function borrowerColumns(a: z.infer<typeof borrowerPreferencesSchema>) {
  return {
    loanType: a.loanType ?? null,
    propertyTypes: a.propertyTypes,
    hasSpecificAddress: a.hasSpecificAddress ? a.hasSpecificAddress === 'yes' : null,
    propertyAddress: a.hasSpecificAddress === 'yes' ? (a.propertyAddress ?? null) : null,
    loanAmountRange: a.loanAmountRange ?? null,
    projectDescription: a.projectDescription ?? null,
    desiredLoanAmount: a.desiredLoanAmount ?? null,
    estimatedPropertyValue: a.estimatedPropertyValue ?? null,
  };
}

/** The profile page's data for `userId`, or null when the user has no profile. */
export async function getProfile(userId: string) {
  const [row] = await db()
    .select({
      name: user.name,
      email: user.email,
      memberSince: user.createdAt,
      phone: profile.phone,
      title: profile.title,
      companyName: profile.companyName,
      isBorrower: profile.isBorrower,
      isInvestor: profile.isInvestor,
      isAdmin: profile.isAdmin,
      ...answerColumns,
      avatarKey: profile.avatarKey,
      notifyEmail: profile.notifyEmail,
      notifySms: profile.notifySms,
      notifyMarketing: profile.notifyMarketing,
      lastLoginAt: profile.lastLoginAt,
    })
    .from(user)
    .innerJoin(profile, eq(profile.userId, user.id))
    .where(eq(user.id, userId));
  return row ?? null;
}

/** Saves name (on the account), title, company and phone. */
export async function updateBasicInfo(userId: string, input: z.infer<typeof basicInfoSchema>): Promise<void> {
  await db().transaction(async (tx) => {
    await tx.update(user).set({ name: input.name }).where(eq(user.id, userId));
    await tx
      .update(profile)
      .set({ title: input.title, companyName: input.companyName, phone: input.phone })
      .where(eq(profile.userId, userId));
  });
}

/** Saves the investor answers (investors only; the caller checks the role). */
export async function updateInvestmentProfile(userId: string, input: z.infer<typeof investmentProfileSchema>): Promise<void> {
  await db().update(profile).set(investorColumns(input)).where(eq(profile.userId, userId));
}

/** Saves the borrower preferences (borrowers only; the caller checks the role). */
export async function updateBorrowerPreferences(userId: string, input: z.infer<typeof borrowerPreferencesSchema>): Promise<void> {
  await db().update(profile).set(borrowerColumns(input)).where(eq(profile.userId, userId));
}

/** Saves the notification preferences (product decisions: saved and honoured). */
export async function updateNotificationPreferences(
  userId: string,
  input: z.infer<typeof notificationPreferencesSchema>,
): Promise<void> {
  await db().update(profile).set(input).where(eq(profile.userId, userId));
}

export type AvatarResult = { ok: true; key: string } | { ok: false; reason: 'type' | 'failed' };

/**
 * Replaces the avatar of `userId` with `bytes` (already size-checked by the upload): the type
 * is judged by content (png, jpeg or webp), the image re-encoded to a 512 px WebP without
 * metadata, stored at `avatars/{userId}/{random}.webp`, and the previous one removed.
 */
export async function replaceAvatar(userId: string, bytes: Uint8Array): Promise<AvatarResult> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !(AVATAR_TYPES as readonly string[]).includes(type.mime)) return { ok: false, reason: 'type' };
  let webp: Buffer;
  try {
    webp = await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(512, 512, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    logger.warn({ err: error }, 'avatar could not be decoded');
    return { ok: false, reason: 'type' };
  }
  const key = `avatars/${userId}/${randomBytes(12).toString('hex')}.webp`;
  try {
    await storage().put(key, webp);
    const [previous] = await db().select({ key: profile.avatarKey }).from(profile).where(eq(profile.userId, userId));
    await db().update(profile).set({ avatarKey: key }).where(eq(profile.userId, userId));
    if (previous?.key) await removeReplacedFiles([previous.key]);
    return { ok: true, key };
  } catch (error) {
    logger.error({ err: error }, 'avatar upload failed');
    await storage()
      .delete(key)
      .catch(() => undefined);
    return { ok: false, reason: 'failed' };
  }
}
