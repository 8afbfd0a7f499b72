/**
 * The profile page's forms (product §2 Profile, §3 profile enumerations, §5 avatar): basic info,
 * investment profile (investors), borrower preferences (borrowers) and notification
 * preferences. Shared by the browser and the route action.
 */
import { z } from 'zod';
import { INVESTMENT_EXPERIENCE, LOAN_AMOUNT_RANGES, MESSAGES, NAME_MAX } from './auth';

export const PROFILE_LOAN_TYPES = ['Fix & Flip', 'Construction', 'Land', 'Bridge', 'Rental Property'] as const;
export const PROFILE_PROPERTY_TYPES = [
  'Single Family Investment',
  'Multi Family Investment',
  'Commercial Investment',
  'Land Investment',
  'Mixed Use Investment',
] as const;
/** A stored property type the profile never shows (product §3). */
export const HIDDEN_PROPERTY_TYPE = 'Single Family';

/** Avatar limits (product §5, §9): png, jpeg or webp, at most 2 MiB. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => v || null);

export const basicInfoSchema = z.object({
  name: z.string({ error: MESSAGES.nameRequired }).trim().min(1, MESSAGES.nameRequired).max(NAME_MAX, MESSAGES.nameTooLong),
  title: optionalText(100, 'Title'),
  companyName: optionalText(150, 'Company name'),
  phone: z
    .string()
    .trim()
    .regex(/^[0-9+().\-\s]{7,30}$/, 'Please enter a valid phone number.')
    .optional()
    .transform((v) => v || null),
});

export const investmentProfileSchema = z.object({
  isAccredited: z.enum(['yes', 'no']).optional(),
  netWorth: optionalText(100, 'Net worth'),
  investmentExperience: z.enum(INVESTMENT_EXPERIENCE).optional(),
});

export const borrowerPreferencesSchema = z.object({
  loanType: z.enum(PROFILE_LOAN_TYPES).optional(),
  propertyTypes: z.array(z.enum(PROFILE_PROPERTY_TYPES)).max(PROFILE_PROPERTY_TYPES.length).default([]),
  loanAmountRange: z.enum(LOAN_AMOUNT_RANGES).optional(),
});

export const notificationPreferencesSchema = z.object({
  notifyEmail: z.boolean().default(false),
  notifySms: z.boolean().default(false),
  notifyMarketing: z.boolean().default(false),
});
