/**
 * Account forms (product §2 Login / sign-up, §3 sign-up metadata and enumerations, §5 validation,
 * §8 texts): one schema per form, used by the browser (conform), by the route action and, for
 * sign-up, again inside better-auth's handler so a request that skips the page is held to the
 * same rules. Checkboxes are booleans and amounts whole dollars; conform coerces form values.
 */
import { z } from 'zod';
import { passwordRules } from '~/lib/password-rules';
import { EMAIL_INVALID, emailField, optionalTextField, textField, wholeNumberField } from '~/lib/schemas/fields';
import {
  ACCREDITATION,
  INCOME_RANGES,
  INVESTMENT_EXPERIENCE,
  LOAN_AMOUNT_RANGES,
  LOAN_TYPES,
  NET_WORTH_RANGES,
  PROPERTY_TYPES,
  valuesOf,
  YES_NO,
} from '~/lib/vocabulary';

export const MESSAGES = {
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  emailInvalid: EMAIL_INVALID,
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

/**
 * A web address a user may give for a field that holds a URL (e.g. better-auth's `image`):
 * http or https only, at most 2,000 characters (issue "Security and scale": no `javascript:`,
 * `data:` or other scheme is ever stored).
 */
export const httpUrl = z
  .string()
  .trim()
  .max(2000, 'The address must be at most 2,000 characters')
  .url('Please enter a web address that starts with http:// or https://')
  .refine((value) => /^https?:\/\//i.test(value), 'Please enter a web address that starts with http:// or https://');

/** One-time codes: 6 digits from an authenticator app, or a 10-character recovery code. */
export const authenticatorCode = z
  .string({ error: 'Enter the 6-digit code from your authenticator app' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app');
export const recoveryCode = z
  .string({ error: 'Enter one of your recovery codes' })
  .trim()
  .regex(/^[A-Za-z0-9-]{10,11}$/, 'Enter one of your recovery codes');

/**
 * Turning on two-step verification (/two-factor/setup): first the password, then a code from the
 * app to prove it was set up. The secret's URI and the recovery codes travel back with the
 * code so a wrong code can show them again; the server only displays them.
 */
export const enrolmentSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('start'),
    password: z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired),
  }),
  // The secret being confirmed is the one stored for the user, never one the form sends.
  z.object({ intent: z.literal('confirm'), code: authenticatorCode }),
  // 'Start over': the secret shown is dropped before it was confirmed.
  z.object({ intent: z.literal('cancel') }),
]);

/** Turning off two-step verification (profile): the password. */
export const twoFactorOffSchema = z.object({
  password: z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired),
});

/** The second step of a sign-in (/two-factor): a code from the app, or a recovery code. */
export const secondStepSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('totp'), code: authenticatorCode }),
  z.object({ intent: z.literal('recovery'), code: recoveryCode }),
]);

/** True when `password` satisfies every sign-up rule (product §5). */
export function passwordAcceptable(password: string): boolean {
  return passwordRules.every((r) => r.test(password));
}

const flag = z.boolean().default(false);
const optionalText = (max: number) => optionalTextField({ max, tooLong: `Please keep this under ${max} characters` });
const dollars = wholeNumberField(0, 10_000_000_000, {
  required: 'Please enter an amount in dollars',
  whole: 'Please enter a whole dollar amount',
  tooSmall: 'Please enter a positive amount',
  tooLarge: 'Please enter a realistic amount',
}).optional();

/** A person's full name (sign-up, the profile's basic info). */
export const fullNameField = () => textField({ max: NAME_MAX, required: MESSAGES.nameRequired, tooLong: MESSAGES.nameTooLong });

/** Sign In (product §5 Login). */
export const signInSchema = z.object({
  email: emailField(MESSAGES.emailRequired),
  password: z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired).max(128),
});

/** The `from` value of the 'Account Created' panel's resend form: the answer keeps the panel. */
export const CREATED_PANEL = 'account-created';

/** Forgot password: only the e-mail (product §5 Forgot password). */
export const forgotPasswordSchema = z.object({ email: emailField(MESSAGES.forgotEmail) });

/** The investor's answers (sign-up and the profile's Investment Profile). */
export const investorAnswers = {
  accredited: z.enum(valuesOf(ACCREDITATION)).optional(),
  income: z.enum(valuesOf(INCOME_RANGES)).optional(),
  netWorth: z.enum(valuesOf(NET_WORTH_RANGES)).optional(),
  investmentExperience: z.enum(valuesOf(INVESTMENT_EXPERIENCE)).optional(),
};

/** The borrower's answers (sign-up and the profile's Borrower Preferences). */
export const borrowerAnswers = {
  loanType: z.enum(valuesOf(LOAN_TYPES)).optional(),
  propertyTypes: z
    .array(z.enum(valuesOf(PROPERTY_TYPES)))
    .max(PROPERTY_TYPES.length)
    .default([]),
  hasSpecificAddress: z.enum(valuesOf(YES_NO)).optional(),
  propertyAddress: optionalText(300),
  loanAmountRange: z.enum(valuesOf(LOAN_AMOUNT_RANGES)).optional(),
  projectDescription: optionalText(2000),
  desiredLoanAmount: dollars,
  estimatedPropertyValue: dollars,
};

/** The borrower's answers typed as money (`MoneyField`; `parseForm`'s `dollars`). */
export const BORROWER_DOLLARS = ['desiredLoanAmount', 'estimatedPropertyValue'] as const;

/** A property address is needed when the borrower says they have one. */
export function refineBorrowerAnswers(v: { hasSpecificAddress?: string; propertyAddress?: string }, ctx: z.RefinementCtx): void {
  if (v.hasSpecificAddress === 'yes' && !v.propertyAddress)
    ctx.addIssue({ code: 'custom', path: ['propertyAddress'], message: 'Please enter the property address' });
}

/**
 * Create Account (product §2, §3 sign-up metadata, §5 sign-up). Admin is not a field: any
 * `isAdmin` sent along is dropped (product decisions).
 */
export const signUpSchema = z
  .object({
    name: fullNameField(),
    email: emailField(),
    password: z.string({ error: MESSAGES.password }).max(128, MESSAGES.password),
    confirmPassword: z.string({ error: MESSAGES.password }),
    isBorrower: flag,
    isInvestor: flag,
    acceptTerms: flag,
    ...investorAnswers,
    ...borrowerAnswers,
  })
  .superRefine((v, ctx) => {
    if (!passwordAcceptable(v.password) || v.password !== v.confirmPassword)
      ctx.addIssue({ code: 'custom', path: ['password'], message: MESSAGES.password });
    if (!v.isBorrower && !v.isInvestor) ctx.addIssue({ code: 'custom', path: ['roles'], message: MESSAGES.roles });
    if (v.isInvestor && v.accredited !== 'yes')
      ctx.addIssue({ code: 'custom', path: ['accredited'], message: MESSAGES.accredited });
    if (v.isBorrower) refineBorrowerAnswers(v, ctx);
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
