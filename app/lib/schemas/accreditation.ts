/**
 * The investor's accreditation record (issue "Investing"; docs/product.md §11 "Accreditation
 * record"): which files a verification letter may be, how far ahead staff may set an expiry, the
 * forms staff use in the user directory (mark a letter verified, record the lender's own check,
 * send a letter back) and how a record's state reads. Shared by the profile's Accreditation card,
 * the directory's expanded row and the server.
 */
import { z } from 'zod';
import type { DocumentExtension } from '~/lib/documents';
import { isCalendarDay } from '~/lib/format';
import { ACCREDITATION_REMINDER_DAYS } from '~/lib/investing';
import { reasonField } from '~/lib/schemas/fields';

/** What a verification letter may be: PDF, Word, JPEG or PNG (the loan documents' types, without plain text). */
export const LETTER_EXTENSIONS = ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png'] as const satisfies readonly DocumentExtension[];
/** The file picker's `accept` attribute. */
export const LETTER_ACCEPT = LETTER_EXTENSIONS.map((e) => `.${e}`).join(',');
/** The sentence a refused letter ends with. */
export const LETTER_ADVICE = 'Upload a PDF, Word document, JPEG or PNG file.';
/** Letters one investor may have waiting for staff at once; one more is refused (409) before a byte is stored. */
export const MAX_PENDING_LETTERS = 3;

/**
 * The furthest expiry staff may give, in years from today. A guard against a mistyped year: a
 * CPA's or attorney's letter speaks for the investor's situation when it is written, so staff
 * usually give one year or less; five years is the outside limit of any check the lender makes.
 */
export const ACCREDITATION_MAX_YEARS = 5;
/** The expiry a staff form proposes, in years from today. */
export const ACCREDITATION_DEFAULT_YEARS = 1;

export const ACCREDITATION_MESSAGES = {
  expiryRequired: 'Choose the day the accreditation expires.',
  expiryPast: 'The expiry must be after today.',
  expiryFar: `The expiry can be at most ${ACCREDITATION_MAX_YEARS} years ahead.`,
  note: 'Say what was checked (at least 3 characters): it is kept in the audit log.',
  reason: 'Tell the investor why (at least 3 characters): the reason is sent to them.',
  tooLong: 'At most 500 characters, please.',
} as const;

/** 'YYYY-MM-DD' `years` after the calendar day `day` (29 February becomes 1 March). */
export function addYearsToDay(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y + years, m - 1, d)).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' `days` after the calendar day `day`. */
export function addDaysToDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days from the calendar day `from` to `to` (both 'YYYY-MM-DD'); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * Why `expiresOn` cannot be a new record's expiry on `today` (both 'YYYY-MM-DD', lender's zone),
 * or null: after today, at most ACCREDITATION_MAX_YEARS ahead.
 */
export function expiryRefusal(expiresOn: string, today: string): string | null {
  if (!isCalendarDay(expiresOn)) return ACCREDITATION_MESSAGES.expiryRequired;
  if (expiresOn <= today) return ACCREDITATION_MESSAGES.expiryPast;
  if (expiresOn > addYearsToDay(today, ACCREDITATION_MAX_YEARS)) return ACCREDITATION_MESSAGES.expiryFar;
  return null;
}

const expiry = (today: string) =>
  z.string({ error: ACCREDITATION_MESSAGES.expiryRequired }).superRefine((d, ctx) => {
    const refusal = expiryRefusal(d, today);
    if (refusal) ctx.addIssue({ code: 'custom', message: refusal });
  });

const text = (message: string) => reasonField(message, ACCREDITATION_MESSAGES.tooLong);

/** The staff forms of the directory's Accreditation section, told apart by `intent`. */
export const ACCREDITATION_INTENTS = ['accreditation-verify', 'accreditation-lender-check', 'accreditation-reject'] as const;
export type AccreditationIntent = (typeof ACCREDITATION_INTENTS)[number];

/** True when `intent` (a form's field) names one of the accreditation forms. */
export const isAccreditationIntent = (intent: unknown): intent is AccreditationIntent =>
  (ACCREDITATION_INTENTS as readonly unknown[]).includes(intent);

/** The staff forms' schema on `today` ('YYYY-MM-DD', lender's zone). */
export const accreditationActionSchema = (today: string) =>
  z.discriminatedUnion('intent', [
    z.object({ intent: z.literal('accreditation-verify'), recordId: z.uuid(), expiresOn: expiry(today) }),
    z.object({
      intent: z.literal('accreditation-lender-check'),
      userId: z.string().min(1).max(64),
      expiresOn: expiry(today),
      note: text(ACCREDITATION_MESSAGES.note),
    }),
    z.object({ intent: z.literal('accreditation-reject'), recordId: z.uuid(), reason: text(ACCREDITATION_MESSAGES.reason) }),
  ]);
export type AccreditationAction = z.infer<ReturnType<typeof accreditationActionSchema>>;

/** How a record's state reads on `today`: its badge and its tone. */
export interface AccreditationStatus {
  label: string;
  tone: 'success' | 'attention' | 'danger' | 'neutral';
}

/** Days before expiry from which the badge warns: the first reminder's. */
const WARN_DAYS = Math.max(...ACCREDITATION_REMINDER_DAYS);

/**
 * The badge of the current record expiring on `expiresOn` (null: no record) on `today`: 'Current',
 * 'Expires in N days' (from the first reminder, 30 days before; 'Expires today'), 'Expired' or 'No record'. A record
 * counts through its expiry day (docs/product.md §11).
 */
export function accreditationStatus(expiresOn: string | null, today: string): AccreditationStatus {
  if (!expiresOn) return { label: 'No record', tone: 'neutral' };
  const left = daysBetween(today, expiresOn);
  if (left < 0) return { label: 'Expired', tone: 'danger' };
  if (left === 0) return { label: 'Expires today', tone: 'attention' };
  if (left <= WARN_DAYS) return { label: `Expires in ${left} ${left === 1 ? 'day' : 'days'}`, tone: 'attention' };
  return { label: 'Current', tone: 'success' };
}
