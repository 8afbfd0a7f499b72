/**
 * The profile page's forms (product §2 Profile, §3 profile enumerations, §5 avatar): basic info,
 * investment profile (investors), borrower preferences (borrowers) and notification
 * preferences. Shared by the browser and the route action.
 */
import { z } from 'zod';
import { borrowerAnswers, fullNameField, investorAnswers, refineBorrowerAnswers } from './auth';
import { optionalTextField, phoneField } from './fields';

/** Avatar limits (product §5, §9): png, jpeg or webp, at most 2 MiB. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

const optionalText = (max: number, label: string) =>
  optionalTextField({ max, tooLong: `${label} must be at most ${max} characters` }).transform((v) => v ?? null);

export const basicInfoSchema = z.object({
  name: fullNameField(),
  title: optionalText(100, 'Title'),
  companyName: optionalText(150, 'Company name'),
  phone: phoneField({ invalid: 'Please enter a valid phone number.' }).transform((v) => v ?? null),
});

/** Investment Profile: the investor's sign-up answers (product §2 Profile). */
export const investmentProfileSchema = z.object(investorAnswers);

/** Borrower Preferences: the borrower's sign-up answers (product §2 Profile). */
export const borrowerPreferencesSchema = z.object(borrowerAnswers).superRefine(refineBorrowerAnswers);

export const notificationPreferencesSchema = z.object({
  notifyEmail: z.boolean().default(false),
  notifySms: z.boolean().default(false),
  notifyMarketing: z.boolean().default(false),
});
