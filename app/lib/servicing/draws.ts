/**
 * Draw requests on a construction or rehab holdback (issue 24 "Draw requests"; staff "process
 * draws"): the forms' zod schemas, shared by the browser and the server, and the shapes the
 * pages draw (a budget line, a draw), which the server builds (domain/servicing/draws.server.ts).
 *
 * Units: money in integer cents (typed in dollars and cents through `centsField`), percent
 * complete 0–100 with up to two decimals, days the lender's 'YYYY-MM-DD', moments ISO strings.
 *
 * Rules stated here and re-checked by the server under the loan's servicing lock:
 * - a borrower asks per budget line at most what is available: the line's budget less what
 *   funded draws drew and less what open draws (Submitted, Inspection, Approved) hold; the total
 *   is more than $0; the attestation is checked;
 * - staff approve per line at most what was asked; approving less than asked needs a reason;
 *   approving nothing is a decline instead.
 */
import { z } from 'zod';
import type { Cents } from '../money';
import { dayField, numberField, optionalTextField, reasonField } from '../schemas/fields';
import { HOLDBACK_LINES_MAX } from './boarding';
import { centsField } from './money-field';
import { usdCents } from '../format';
import type { DRAW_FILE_KINDS, DrawStatus } from './vocabulary';

/** What a draw's file is: a photo, an invoice or the lien waiver. */
export type DrawFileKind = (typeof DRAW_FILE_KINDS)[number]['value'];

/** The longest inspection access notes, characters. */
export const ACCESS_NOTES_MAX = 1000;
/** The most photos and invoices one draw takes (its lien waiver aside). */
export const DRAW_FILES_MAX = 10;
/** The file types a draw takes: photos (JPEG, PNG) and PDFs. */
export const DRAW_FILE_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png'] as const;
/** The `accept` of a draw's file inputs. */
export const DRAW_FILE_ACCEPT = DRAW_FILE_EXTENSIONS.map((e) => `.${e}`).join(',');
/** What a refused file type is told. */
export const DRAW_FILE_ADVICE = 'Upload a photo (JPEG or PNG) or a PDF.';
/** The form fields a draw's files come in, and the kind each becomes. */
export const DRAW_FILE_FIELDS = { photos: 'photo', invoices: 'invoice', lienWaiver: 'lien-waiver' } as const;

export const DRAW_MESSAGES = {
  attest: 'Please confirm the attestation before submitting the draw.',
  total: 'Enter an amount for at least one budget line.',
  overLine: (available: string) => `At most ${available} is available on this line.`,
  photos: 'Please add at least one photo of the work.',
  approvedOver: 'You can approve at most what was requested.',
  approvedNone: 'Approve at least one line, or decline the draw.',
  partialReason: 'Give the reason for approving less than was requested.',
  declineReason: 'Give the reason for declining the draw.',
  reasonTooLong: 'At most 500 characters.',
} as const;

/** One budget line of a holdback, as the draw pages show it (cents). */
export interface BudgetLineView {
  id: string;
  position: number;
  description: string;
  budgetCents: Cents;
  /** Approved cents of funded draws. */
  drawnCents: Cents;
  /** Held by open draws: requested (Submitted, Inspection) or approved (Approved, not yet funded). */
  pendingCents: Cents;
  /** budget − drawn. */
  remainingCents: Cents;
  /** What a new draw may ask of the line: remaining − pending. */
  availableCents: Cents;
}

/** A holdback's budget by line and its totals (cents). */
export interface BudgetView {
  lines: BudgetLineView[];
  totals: { budgetCents: Cents; drawnCents: Cents; pendingCents: Cents; remainingCents: Cents; availableCents: Cents };
}

/** One line of a draw: what was asked, what the inspection found, what staff approved. */
export interface DrawLineView {
  lineId: string;
  description: string;
  requestedCents: Cents;
  /** 0–100, null before the inspection. */
  percentComplete: number | null;
  /** Null before the approval. */
  approvedCents: Cents | null;
}

/** A draw request with each step's moment (ISO strings, null before the step). */
export interface DrawView {
  id: string;
  number: number;
  status: DrawStatus;
  submittedAt: string;
  inspectedAt: string | null;
  approvedAt: string | null;
  fundedAt: string | null;
  declinedAt: string | null;
  requestedCents: Cents;
  /** The approved total, null before the approval. */
  approvedCents: Cents | null;
  feeCents: Cents;
  /** Staff's reason for approving in part or declining. */
  reason: string | null;
  accessNotes: string;
  lines: DrawLineView[];
  files: { documentId: string; name: string; kind: DrawFileKind }[];
}

/** What a loan page shows of its draws (the loan pages' loaders: `loanDraws`). */
export interface LoanDrawsView {
  budget: BudgetView;
  /** Newest first. */
  draws: DrawView[];
  /** The boarded draw fee, cents. */
  feeCents: Cents;
  /** True while the borrower may ask for a draw (funded, with a holdback, something available). */
  canRequest: boolean;
}

/** The sum of some cents. */
export const sumCents = (values: readonly Cents[]): Cents => values.reduce((s, v) => s + v, 0);

/** An amount a line's field may leave empty (read as $0). */
const lineAmount = (label: string) => centsField(label, { min: 0 }).optional();

/**
 * The borrower's draw request form, for lines with `available` cents each (by line id):
 * `lines[i].lineId` and `lines[i].amountCents` (dollars and cents, empty is $0), `accessNotes`,
 * `attest` (checked). Files are read apart (the upload), not by this schema.
 */
export function drawRequestSchema(available: Readonly<Record<string, Cents>>) {
  return z
    .object({
      lines: z
        .array(z.object({ lineId: z.string().max(100), amountCents: lineAmount('The amount') }))
        .max(HOLDBACK_LINES_MAX)
        .default([]),
      accessNotes: optionalTextField({ max: ACCESS_NOTES_MAX, tooLong: `At most ${ACCESS_NOTES_MAX} characters.` }),
      attest: z
        .boolean()
        .default(false)
        .refine((v) => v, DRAW_MESSAGES.attest),
    })
    .superRefine((v, ctx) => {
      v.lines.forEach((line, i) => {
        const most = available[line.lineId];
        if (most === undefined) ctx.addIssue({ code: 'custom', path: ['lines', i, 'amountCents'], message: 'Unknown line.' });
        else if ((line.amountCents ?? 0) > most)
          ctx.addIssue({ code: 'custom', path: ['lines', i, 'amountCents'], message: DRAW_MESSAGES.overLine(usdCents(most)) });
      });
      if (sumCents(v.lines.map((l) => l.amountCents ?? 0)) <= 0)
        ctx.addIssue({ code: 'custom', path: ['lines'], message: DRAW_MESSAGES.total });
    });
}
export type DrawRequestInput = z.infer<ReturnType<typeof drawRequestSchema>>;

/** The forms of staff's draw page, by their `intent`. */
export type DrawStaffIntent = 'start-inspection' | 'inspection' | 'approve' | 'fund' | 'decline';

/** What draw `draw` asked per line, cents by line id (what `approveDrawSchema` takes). */
export const requestedOf = (draw: Pick<DrawView, 'lines'>) =>
  Object.fromEntries(draw.lines.map((l) => [l.lineId, l.requestedCents]));

/** Staff's inspection: `lines[i].lineId` and `lines[i].percentComplete` (0–100). */
export const inspectionSchema = z.object({
  lines: z
    .array(
      z.object({
        lineId: z.string().max(100),
        percentComplete: numberField(0, 100, 'Enter the percent complete (0 to 100)'),
      }),
    )
    .min(1)
    .max(HOLDBACK_LINES_MAX),
});
export type InspectionInput = z.infer<typeof inspectionSchema>;

/**
 * Staff's approval of a draw that asked `requested` cents per line (by line id): the approved
 * cents per line (at most what was asked, empty is $0), and the reason, required when the total
 * approved is less than the total asked.
 */
export function approveDrawSchema(requested: Readonly<Record<string, Cents>>) {
  return z
    .object({
      lines: z
        .array(z.object({ lineId: z.string().max(100), approvedCents: lineAmount('The approved amount') }))
        .max(HOLDBACK_LINES_MAX)
        .default([]),
      reason: optionalTextField({ max: 500, tooLong: DRAW_MESSAGES.reasonTooLong }),
    })
    .superRefine((v, ctx) => {
      v.lines.forEach((line, i) => {
        const asked = requested[line.lineId];
        if (asked === undefined) ctx.addIssue({ code: 'custom', path: ['lines', i, 'approvedCents'], message: 'Unknown line.' });
        else if ((line.approvedCents ?? 0) > asked)
          ctx.addIssue({ code: 'custom', path: ['lines', i, 'approvedCents'], message: DRAW_MESSAGES.approvedOver });
      });
      const approved = sumCents(v.lines.map((l) => l.approvedCents ?? 0));
      if (approved <= 0) ctx.addIssue({ code: 'custom', path: ['lines'], message: DRAW_MESSAGES.approvedNone });
      else if (approved < sumCents(Object.values(requested)) && !v.reason)
        ctx.addIssue({ code: 'custom', path: ['reason'], message: DRAW_MESSAGES.partialReason });
    });
}
export type ApproveDrawInput = z.infer<ReturnType<typeof approveDrawSchema>>;

/** Staff fund an approved draw on `day` (the lender's day the money went out). */
export const fundDrawSchema = z.object({
  day: dayField('The funding date is required', 'Please enter the funding date as a date'),
});

/** Staff decline a draw, with the reason the borrower is told. */
export const declineDrawSchema = z.object({
  reason: reasonField(DRAW_MESSAGES.declineReason, DRAW_MESSAGES.reasonTooLong),
});
