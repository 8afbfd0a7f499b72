/**
 * Account forms (product §2 Login / sign-up, §3 sign-up metadata and enumerations, §5 validation,
 * §8 texts): one schema per form, used by the browser (conform), by the route action and, for
 * sign-up, again inside better-auth's handler so a request that skips the page is held to the
 * same rules. Checkboxes are booleans and amounts whole dollars; conform coerces form values.
 */
import { z } from 'zod';
import { passwordRules } from '~/lib/password-rules';

export const ACCREDITED = ['yes', 'no', 'unsure'] as const;
export const INCOME = ['under-200k', '200k-300k', 'over-300k'] as const;
export const NET_WORTH = ['under-1m', '1m-5m', 'over-5m'] as const;
export const INVESTMENT_EXPERIENCE = ['Beginner', 'Intermediate', 'Advanced', 'Expert'] as const;
export const SIGN_UP_LOAN_TYPES = ['acquisition', 'construction', 'bridge', 'refinance', 'development'] as const;
export const LOAN_AMOUNT_RANGES = ['under-500k', '500k-1m', '1m-5m', '5m-10m', 'over-10m'] as const;
export const SIGN_UP_PROPERTY_TYPES = [
  'Single-Family Investment',
  'Multi-Family',
  'Commercial',
  'Industrial',
  'Land Development',
  'Mixed-Use',
] as const;

/** Labels of the enumerations, as the forms show them. */
export const enumLabels: Record<string, string> = {
  yes: 'Yes',
  no: 'No',
  unsure: 'Not sure',
  'under-200k': 'Under $200,000',
  '200k-300k': '$200,000 – $300,000',
  'over-300k': 'Over $300,000',
  'under-1m': 'Under $1 million',
  '1m-5m': '$1 million – $5 million',
  'over-5m': 'Over $5 million',
  acquisition: 'Acquisition',
  construction: 'Construction',
  bridge: 'Bridge',
  refinance: 'Refinance',
  development: 'Development',
  'under-500k': 'Under $500,000',
  '500k-1m': '$500,000 – $1 million',
  '5m-10m': '$5 million – $10 million',
  'over-10m': 'Over $10 million',
};

export const MESSAGES = {
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  emailInvalid: 'Please enter a valid email address.',
  nameRequired: 'Full name is required',
  nameTooLong: 'Full name must be at most 100 characters',
  terms: 'You must accept the terms and conditions',
  roles: 'Please select at least one role: borrower or investor',
  accredited: 'To create an investor account, you must be an accredited investor.',
  password: 'Please ensure your password meets all requirements and passwords match',
  forgotEmail: 'Please enter your email address first',
  mismatch: 'New passwords do not match',
  newPasswordRule:
    'Password must be at least 8 characters and include an uppercase letter, a lowercase letter, a number and a special character',
} as const;

export const NAME_MAX = 100;

/** True when `password` satisfies every sign-up rule (product §5). */
export function passwordAcceptable(password: string): boolean {
  return passwordRules.every((r) => r.test(password));
}

/** An e-mail: trimmed and lowercased (product §5), then checked. */
export const emailField = (required = MESSAGES.emailInvalid as string) =>
  z
    .string({ error: required })
    .trim()
    .toLowerCase()
    .min(1, required)
    .pipe(z.email(MESSAGES.emailInvalid).max(254, MESSAGES.emailInvalid));

const flag = z.boolean().default(false);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Please keep this under ${max} characters`)
    .optional()
    .transform((v) => v || undefined);
const dollars = z
  .number({ error: 'Please enter an amount in dollars' })
  .int('Please enter a whole dollar amount')
  .min(0, 'Please enter a positive amount')
  .max(10_000_000_000, 'Please enter a realistic amount')
  .optional();

/** Sign In (product §5 Login). */
export const signInSchema = z.object({
  email: emailField(MESSAGES.emailRequired),
  password: z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired).max(128),
});

/** Forgot password: only the e-mail (product §5 Forgot password). */
export const forgotPasswordSchema = z.object({ email: emailField(MESSAGES.forgotEmail) });

/**
 * Create Account (product §2, §3 sign-up metadata, §5 sign-up). Admin is not a field: any
 * `isAdmin` sent along is dropped (product decisions).
 */
export const signUpSchema = z
  .object({
    name: z.string({ error: MESSAGES.nameRequired }).trim().min(1, MESSAGES.nameRequired).max(NAME_MAX, MESSAGES.nameTooLong),
    email: emailField(),
    password: z.string({ error: MESSAGES.password }).max(128, MESSAGES.password),
    confirmPassword: z.string({ error: MESSAGES.password }),
    isBorrower: flag,
    isInvestor: flag,
    acceptTerms: flag,
    // investor answers
    accredited: z.enum(ACCREDITED).optional(),
    income: z.enum(INCOME).optional(),
    netWorth: z.enum(NET_WORTH).optional(),
    investmentExperience: z.enum(INVESTMENT_EXPERIENCE).optional(),
    // borrower answers
    loanType: z.enum(SIGN_UP_LOAN_TYPES).optional(),
    propertyTypes: z.array(z.enum(SIGN_UP_PROPERTY_TYPES)).max(SIGN_UP_PROPERTY_TYPES.length).default([]),
    hasSpecificAddress: z.enum(['yes', 'no']).optional(),
    propertyAddress: optionalText(300),
    loanAmountRange: z.enum(LOAN_AMOUNT_RANGES).optional(),
    projectDescription: optionalText(2000),
    desiredLoanAmount: dollars,
    estimatedPropertyValue: dollars,
  })
  .superRefine((v, ctx) => {
    if (!passwordAcceptable(v.password) || v.password !== v.confirmPassword)
      ctx.addIssue({ code: 'custom', path: ['password'], message: MESSAGES.password });
    if (!v.isBorrower && !v.isInvestor) ctx.addIssue({ code: 'custom', path: ['roles'], message: MESSAGES.roles });
    if (v.isInvestor && v.accredited !== 'yes')
      ctx.addIssue({ code: 'custom', path: ['accredited'], message: MESSAGES.accredited });
    if (v.isBorrower && v.hasSpecificAddress === 'yes' && !v.propertyAddress)
      ctx.addIssue({ code: 'custom', path: ['propertyAddress'], message: 'Please enter the property address' });
    if (!v.acceptTerms) ctx.addIssue({ code: 'custom', path: ['acceptTerms'], message: MESSAGES.terms });
  });

export type SignUpInput = z.infer<typeof signUpSchema>;

/** A new password with its confirmation (reset page): the sign-up rule, product decisions. */
export const newPasswordSchema = z
  .object({
    newPassword: z.string({ error: MESSAGES.newPasswordRule }).max(128, MESSAGES.newPasswordRule),
    confirmPassword: z.string({ error: MESSAGES.mismatch }),
  })
  .superRefine((v, ctx) => {
    if (v.newPassword !== v.confirmPassword)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MESSAGES.mismatch });
    if (!passwordAcceptable(v.newPassword))
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: MESSAGES.newPasswordRule });
  });

/** Change password (profile, admin settings): the current one is checked by the server. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(128),
    newPassword: z.string({ error: MESSAGES.newPasswordRule }).max(128, MESSAGES.newPasswordRule),
    confirmPassword: z.string({ error: MESSAGES.mismatch }),
  })
  .superRefine((v, ctx) => {
    if (v.newPassword !== v.confirmPassword)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MESSAGES.mismatch });
    if (!passwordAcceptable(v.newPassword))
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: MESSAGES.newPasswordRule });
  });
