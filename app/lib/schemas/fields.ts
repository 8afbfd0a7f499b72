/**
 * The fields every form's schema is built from (issue 22: one module of shared zod fields
 * instead of a copy per form): e-mail, required and optional text, reasons, whole and decimal
 * numbers (dollars, months, counts, percent), calendar days, phone numbers and checkboxes read
 * by `readIntent`.
 *
 * Each builder takes the form's own messages: they are the specification's texts, verbatim, and
 * differ from form to form (docs/product.md §5). A builder only fixes the rule; the wording
 * stays with the form. All text is trimmed before it is checked.
 *
 * Whole numbers are `.int()`, so `parseForm` (app/lib/parse-form.ts) reads them with
 * `readWholeNumber`, digits only; other numbers are read in decimal only. No builder coerces.
 */
import { z } from 'zod';
import { isCalendarDay } from '~/lib/format';

/** The longest e-mail address (RFC 5321's path limit). */
export const EMAIL_MAX = 254;

/** The text the e-mail fields answer when the address is not one (product §5). */
export const EMAIL_INVALID = 'Please enter a valid email address.';

/**
 * An e-mail address: trimmed and lowercased (product §5), then checked, at most EMAIL_MAX
 * characters. `required` is the text when it is missing or blank; any other refusal is
 * EMAIL_INVALID.
 */
export const emailField = (required: string = EMAIL_INVALID) =>
  z.string({ error: required }).trim().toLowerCase().min(1, required).pipe(z.email(EMAIL_INVALID).max(EMAIL_MAX, EMAIL_INVALID));

/**
 * Text that must be given: trimmed, `min` (1 by default) to `max` characters. `required` is the
 * text when it is missing, blank or shorter than `min`; `tooLong` when longer than `max`.
 */
export const textField = ({
  min = 1,
  max,
  required,
  tooLong,
}: {
  min?: number;
  max: number;
  required: string;
  tooLong: string;
}) => z.string({ error: required }).trim().min(min, required).max(max, tooLong);

/**
 * Text that may be left out: trimmed, at most `max` characters (`tooLong` past it). Empty or
 * blank is `undefined`; a form that stores null chains `.transform((v) => v ?? null)`.
 */
export const optionalTextField = ({ max, tooLong }: { max: number; tooLong: string }) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .transform((v) => v || undefined)
    .optional();

/** The shortest and the longest reason kept in the audit log or sent to a user, characters. */
export const REASON_MIN = 3;
export const REASON_MAX = 500;

/**
 * Why staff did something (an account action, a refused letter, a lender's check): trimmed,
 * REASON_MIN to REASON_MAX characters. `required` when missing or too short, `tooLong` past it.
 */
export const reasonField = (required: string, tooLong: string) =>
  textField({ min: REASON_MIN, max: REASON_MAX, required, tooLong });

/**
 * The messages of a number field: one text for every refusal, or `required` (missing or not a
 * number), `whole` (has a fraction; whole numbers only, `required` when left out), `tooSmall`
 * and `tooLarge` (out of range; 'Must be at least {min}' and 'Must be at most {max}' when left
 * out, the deal and loan forms' wording).
 */
export type NumberMessages = string | { required: string; whole?: string; tooSmall?: string; tooLarge?: string };

function numberMessages(messages: NumberMessages, min: number, max: number) {
  if (typeof messages === 'string') return { required: messages, whole: messages, tooSmall: messages, tooLarge: messages };
  return {
    required: messages.required,
    whole: messages.whole ?? messages.required,
    tooSmall: messages.tooSmall ?? `Must be at least ${min.toLocaleString('en-US')}`,
    tooLarge: messages.tooLarge ?? `Must be at most ${max.toLocaleString('en-US')}`,
  };
}

/**
 * A number from `min` to `max` inclusive, read in decimal (percentages, rates, points, acres).
 * Units are the form's.
 */
export function numberField(min: number, max: number, messages: NumberMessages) {
  const m = numberMessages(messages, min, max);
  return z.number({ error: m.required }).min(min, m.tooSmall).max(max, m.tooLarge);
}

/**
 * A whole number from `min` to `max` inclusive (`max` may be Infinity: no bound but the safe
 * integers of `.int()`): dollars, months, counts. A form sends digits
 * only (`readWholeNumber`); anything else is refused with the `whole` or `required` message.
 */
export function wholeNumberField(min: number, max: number, messages: NumberMessages) {
  const m = numberMessages(messages, min, max);
  return z.number({ error: m.required }).int(m.whole).min(min, m.tooSmall).max(max, m.tooLarge);
}

/** A percentage from 0 to 100 inclusive, decimals allowed (LTV, rates, yields). */
export const percentField = (messages: NumberMessages) => numberField(0, 100, messages);

/**
 * A calendar day 'YYYY-MM-DD' that exists (`isCalendarDay`), trimmed. `required` when missing,
 * `invalid` (by default `required`) when it is no such day; then the form's own checks
 * (comparisons with today), which a day that is no day never reaches.
 */
export const dayField = (required: string, invalid: string = required) =>
  z.string({ error: required }).trim().refine(isCalendarDay, { message: invalid, abort: true });

/** A phone number as people write it: 7 to 30 digits, spaces and + ( ) . - */
export const PHONE_PATTERN = /^[0-9+().\-\s]{7,30}$/;
export const PHONE_MAX = 30;

/**
 * A phone number that may be left out: trimmed, at most PHONE_MAX characters (`tooLong`), then
 * PHONE_PATTERN (`invalid`). Empty or blank is `undefined`.
 */
export const phoneField = ({ invalid, tooLong = invalid }: { invalid: string; tooLong?: string }) =>
  optionalTextField({ max: PHONE_MAX, tooLong }).pipe(z.string().regex(PHONE_PATTERN, invalid).optional());

/**
 * A phone number that must be given (the loan application's, issue 23): as `phoneField`, with
 * `required` when it is missing or blank.
 */
export const requiredPhoneField = ({ required, invalid }: { required: string; invalid: string }) =>
  z.string({ error: required }).trim().min(1, required).max(PHONE_MAX, invalid).regex(PHONE_PATTERN, invalid);

/**
 * A checkbox as a form posts it to `readIntent` (app/server/forms.server.ts), which passes the
 * raw strings: 'on' when ticked, absent when not, read as a boolean; any other value is refused.
 * (`parseForm` reads `z.boolean()` fields from the same 'on' itself.)
 */
export const checkboxField = () =>
  z
    .literal('on')
    .optional()
    .transform((v) => v === 'on');
