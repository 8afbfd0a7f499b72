/**
 * The investor's accreditation record (issue "Investing"; docs/product.md §11 "Accreditation
 * record"): how it was established (self-certified at sign-up, a verification letter from a CPA
 * or attorney that staff verify, or the lender's own check), when, and until when.
 *
 * - **Letters.** An investor uploads a letter as a private file, streamed and checked like a
 *   loan document (`stageDocument`: PDF, Word, JPEG or PNG, the document size limit) and stored
 *   under `documents/{investorId}/`, where the orphan sweep knows it. It waits as a pending record
 *   (method 'professional_letter', the file, no expiry; `established_on` is the upload day until
 *   verified) and the lender is told by e-mail.
 * - **Staff** mark a letter verified with an expiry, record the lender's own check, or send a
 *   letter back with a reason (the record and its file are removed; the audit log keeps the file
 *   name and the reason). Each is audited on the investor (`accreditation.*`) and the investor
 *   is told: a portal notification, and an e-mail when they take e-mail.
 * - **The current record** is `currentAccreditation` (investments.server.ts): the established
 *   one that expires last. An expired or missing one refuses new amounts (`accreditationRefusal`).
 * - **Reminders** go 30 and 7 days before the current record lapses (ACCREDITATION_REMINDER_DAYS),
 *   each claimed by one UPDATE so that several processes running the job at once send it once.
 */
import { and, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { formatCalendarDay, lenderDay } from '~/lib/format';
import { ACCREDITATION_METHODS, type AccreditationMethod, type AccreditationOverview } from '~/lib/investing';
import { labelOf } from '~/lib/loans';
import { expiryRefusal, LETTER_ADVICE, LETTER_EXTENSIONS, MAX_PENDING_LETTERS } from '~/lib/schemas/accreditation';
import { DOCUMENT_MIME, extensionOf, type DocumentExtension } from '~/lib/documents';
import { holdOffBackups } from '../../backup.server';
import { db, type Transaction } from '../../db/client.server';
import { isUuid } from '../../db/query.server';
import { accreditationRecord, profile, user } from '../../db/schema';
import { env } from '../../env.server';
import { NotFound, Refused } from '../../errors.server';
import { logger } from '../../logger.server';
import { queueEmail } from '../../mail/outbox.server';
import type { EmailPayload } from '../../mail/templates.server';
import type { AccreditationPayload } from '../../mail/templates/investing.server';
import { storage } from '../../storage.server';
import { audit, type Actor } from '../audit.server';
import { discardStaged, stageDocument, UploadFailed, type StagedDocument } from '../loans/documents.server';
import { currentAccreditation, type InvestorRef } from './investments.server';
import { addNotification, type NotificationType } from '../notifications.server';

/** The investor-portal notification titles of the accreditation record. */
export const ACCREDITATION_NOTIFICATION_TITLES = [
  'Accreditation verified',
  'Accreditation expiring',
  'Verification letter not accepted',
];

/** 'Self-certified at sign-up', 'Verification letter from a CPA or attorney' … of a method value. */
export const accreditationMethodLabel = (method: string) => labelOf(ACCREDITATION_METHODS, method);

const LETTER_TYPES = { extensions: LETTER_EXTENSIONS, advice: LETTER_ADVICE };
const LETTER_FAILED = 'Letter not uploaded';
const NO_LETTER = () => new NotFound('This verification letter does not exist or was already reviewed.', 'Letter not found');

// ---------------------------------------------------------------- reading

/**
 * The accreditation records of `investorId`, newest first, with the current one, as on `now`.
 * Staff's e-mail (`verifiedByEmail`) is given for the directory; the profile leaves it out.
 */
export async function accreditationOf(investorId: string, now = new Date()): Promise<AccreditationOverview> {
  const verifier = alias(user, 'verifier');
  const [rows, current] = await Promise.all([
    db()
      .select({
        id: accreditationRecord.id,
        method: accreditationRecord.method,
        establishedOn: accreditationRecord.establishedOn,
        expiresOn: accreditationRecord.expiresOn,
        letterKey: accreditationRecord.letterKey,
        letterFileName: accreditationRecord.letterFileName,
        createdAt: accreditationRecord.createdAt,
        verifiedAt: accreditationRecord.verifiedAt,
        verifiedByEmail: verifier.email,
      })
      .from(accreditationRecord)
      .leftJoin(verifier, eq(verifier.id, accreditationRecord.verifiedBy))
      .where(eq(accreditationRecord.investorId, investorId))
      .orderBy(desc(accreditationRecord.createdAt), desc(accreditationRecord.id)),
    currentAccreditation(investorId),
  ]);
  return {
    today: lenderDay(now),
    current: current?.expiresOn ? { ...current, expiresOn: current.expiresOn } : null,
    records: rows.map(({ letterKey, createdAt, verifiedAt, ...r }) => ({
      ...r,
      letterFileName: letterKey ? r.letterFileName : null,
      pending: Boolean(letterKey) && r.expiresOn === null,
      createdAt: createdAt.toISOString(),
      verifiedAt: verifiedAt?.toISOString() ?? null,
    })),
  };
}

/**
 * The letter of record `id` if `viewer` may open it (the investor it belongs to, or staff:
 * `isStaff`), with its stored key, original name and type; null otherwise (not there, no letter,
 * or someone else's).
 */
export async function letterForDownload(viewer: { id: string; staff: boolean }, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db()
    .select({
      id: accreditationRecord.id,
      investorId: accreditationRecord.investorId,
      key: accreditationRecord.letterKey,
      fileName: accreditationRecord.letterFileName,
    })
    .from(accreditationRecord)
    .where(
      and(
        eq(accreditationRecord.id, id),
        isNotNull(accreditationRecord.letterKey),
        viewer.staff ? undefined : eq(accreditationRecord.investorId, viewer.id),
      ),
    );
  if (!row?.key) return null;
  const ext = extensionOf(row.key) as DocumentExtension;
  return {
    id: row.id,
    investorId: row.investorId,
    key: row.key,
    fileName: row.fileName ?? `verification-letter.${ext}`,
    contentType: DOCUMENT_MIME[ext] ?? 'application/octet-stream',
  };
}

// ---------------------------------------------------------------- the investor's letter

/**
 * Refuses an upload by `investor` before a byte is stored: only investors, and at most
 * MAX_PENDING_LETTERS letters waiting at once.
 * @throws Refused('forbidden') for a non-investor, Refused('conflict') with too many letters waiting.
 */
export async function checkLetterUpload(investor: InvestorRef): Promise<void> {
  if (!investor.isInvestor)
    throw new Refused('forbidden', 'Only investors keep an accreditation record on their profile.', 'Investors only');
  const [waiting] = await db()
    .select({ n: count() })
    .from(accreditationRecord)
    .where(pendingLetter(eq(accreditationRecord.investorId, investor.id)));
  if ((waiting?.n ?? 0) >= MAX_PENDING_LETTERS)
    throw new Refused(
      'conflict',
      `You have ${MAX_PENDING_LETTERS} letters under review already. We will review them before you send another.`,
      LETTER_FAILED,
    );
}

/** Records that are letters waiting for staff, with `extra` conditions. */
function pendingLetter(...extra: ReturnType<typeof eq>[]) {
  return and(
    eq(accreditationRecord.method, 'professional_letter'),
    isNotNull(accreditationRecord.letterKey),
    isNull(accreditationRecord.expiresOn),
    ...extra,
  );
}

/**
 * Streams one verification letter of `investor` into storage, checked on the way (a PDF, Word
 * document, JPEG or PNG, up to the document limit, DOCUMENT_MAX_MB). Records nothing:
 * `recordAccreditationLetter` does; `discardStaged` removes it when the request is refused after all.
 * @throws Refused for a bad file (400/413/415), UploadFailed when storing failed; nothing is left.
 */
export function stageAccreditationLetter(
  investor: InvestorRef,
  upload: { fileName: string; body: AsyncIterable<Uint8Array>; limit?: number },
): Promise<StagedDocument> {
  return stageDocument(investor, { ...upload, types: LETTER_TYPES });
}

/**
 * Records the staged letter of `investor` as a pending record (method 'professional_letter', no
 * expiry, established on the upload day until verified) and queues 'accreditation-letter-lender'
 * to NOTIFY_EMAIL, in one transaction. Returns the record's id. On failure the stored file is
 * removed too.
 * @throws UploadFailed when the row could not be written.
 */
export async function recordAccreditationLetter(
  investor: InvestorRef,
  staged: StagedDocument,
  now = new Date(),
): Promise<string> {
  try {
    return await db().transaction(async (tx) => {
      const [row] = await tx
        .insert(accreditationRecord)
        .values({
          investorId: investor.id,
          method: 'professional_letter',
          establishedOn: lenderDay(now),
          letterKey: staged.key,
          letterFileName: staged.fileName,
        })
        .returning({ id: accreditationRecord.id });
      await queueEmail(tx, {
        to: env().NOTIFY_EMAIL,
        template: 'accreditation-letter-lender',
        payload: {
          investorName: investor.name,
          investorEmail: investor.email,
          fileName: staged.fileName,
          link: `${env().PUBLIC_URL}/admin-dashboard/users?q=${encodeURIComponent(investor.email)}`,
        },
      });
      return row!.id;
    });
  } catch (error) {
    logger.error({ err: error }, 'accreditation letter not recorded; removing the stored file');
    await discardStaged([staged]);
    throw new UploadFailed('Letter not uploaded');
  }
}

/**
 * `investor` uploads a verification letter from a CPA or attorney: `checkLetterUpload`,
 * `stageAccreditationLetter`, then `recordAccreditationLetter`. Returns the pending record's id.
 * On any failure nothing is left: no row, no stored file.
 * @throws Refused as those do, UploadFailed when storing failed.
 */
export async function uploadAccreditationLetter(
  investor: InvestorRef,
  upload: { fileName: string; body: AsyncIterable<Uint8Array>; limit?: number },
): Promise<string> {
  await checkLetterUpload(investor);
  return recordAccreditationLetter(investor, await stageAccreditationLetter(investor, upload));
}

// ---------------------------------------------------------------- staff

type InvestorTemplate = 'accreditation-reminder' | 'accreditation-verified' | 'accreditation-letter-rejected';

/**
 * The investor `investorId` told: a notification always, `email` when they take e-mail (its
 * payload without their name and profile link, added here). Returns whether it was e-mailed.
 */
export async function tellInvestor<T extends InvestorTemplate>(
  tx: Transaction,
  investorId: string,
  notice: { title: string; message: string; type: NotificationType },
  email: { template: T; payload: Omit<EmailPayload<T>, keyof AccreditationPayload> },
) {
  await addNotification(tx, investorId, notice);
  const [who] = await tx
    .select({ email: user.email, name: user.name, notifyEmail: profile.notifyEmail })
    .from(user)
    .innerJoin(profile, eq(profile.userId, user.id))
    .where(eq(user.id, investorId));
  if (!who?.notifyEmail) return false;
  await queueEmail(tx, {
    to: who.email,
    template: email.template,
    // A generic spread is not known to make EmailPayload<T>; it does: T's payload is its own part and these.
    payload: { name: who.name, link: `${env().PUBLIC_URL}/dashboard/profile#accreditation`, ...email.payload } as EmailPayload<T>,
  });
  return true;
}

/** @throws Refused('invalid') when `expiresOn` is not after `today` or is too far ahead. */
function checkExpiry(expiresOn: string, today: string) {
  const refusal = expiryRefusal(expiresOn, today);
  if (refusal) throw new Refused('invalid', refusal, 'Not saved');
}

/**
 * Staff `staff` mark the pending letter `recordId` verified: established today (lender's zone),
 * expiring on `expiresOn` ('YYYY-MM-DD': after today, at most ACCREDITATION_MAX_YEARS ahead),
 * `method` 'professional_letter' unless staff say it was their own check. Audited
 * 'accreditation.verified' on the investor; the investor is told ('accreditation-verified').
 * Two staff verifying at once: one wins, the other is refused.
 * @throws Refused('invalid') for a bad expiry, NotFound for no pending letter of that id,
 *   Refused('conflict') for a letter verified already.
 */
export async function verifyAccreditation(
  staff: Actor,
  recordId: string,
  opts: { expiresOn: string; method?: Exclude<AccreditationMethod, 'self_certified'>; clientIp?: string; now?: Date },
): Promise<void> {
  const now = opts.now ?? new Date();
  const today = lenderDay(now);
  checkExpiry(opts.expiresOn, today);
  if (!isUuid(recordId)) throw NO_LETTER();
  const method = opts.method ?? 'professional_letter';
  await db().transaction(async (tx) => {
    const [row] = await tx
      .update(accreditationRecord)
      .set({ method, establishedOn: today, expiresOn: opts.expiresOn, verifiedAt: now, verifiedBy: staff.id })
      .where(pendingLetter(eq(accreditationRecord.id, recordId)))
      .returning({ investorId: accreditationRecord.investorId, fileName: accreditationRecord.letterFileName });
    if (!row) {
      const [other] = await tx
        .select({ expiresOn: accreditationRecord.expiresOn })
        .from(accreditationRecord)
        .where(eq(accreditationRecord.id, recordId));
      if (other?.expiresOn) throw new Refused('conflict', 'This letter is verified already.', 'Not saved');
      throw NO_LETTER();
    }
    await audit(
      staff,
      'accreditation.verified',
      { type: 'user', id: row.investorId },
      { recordId, method, expiresOn: opts.expiresOn, fileName: row.fileName, clientIp: opts.clientIp },
      tx,
    );
    await tellVerified(tx, row.investorId, method, today, opts.expiresOn);
  });
}

/** Tells the investor a record established on `establishedOn` counts until `expiresOn`. */
function tellVerified(
  tx: Transaction,
  investorId: string,
  method: AccreditationMethod,
  establishedOn: string,
  expiresOn: string,
) {
  return tellInvestor(
    tx,
    investorId,
    {
      title: 'Accreditation verified',
      message: `Your accreditation record is verified until ${formatCalendarDay(expiresOn)}.`,
      type: 'success',
    },
    {
      template: 'accreditation-verified',
      payload: {
        method: accreditationMethodLabel(method),
        establishedOn,
        expiresOn,
      },
    },
  );
}

/**
 * Staff `staff` record their own check of investor `investorId`: a 'lender_verified' record
 * established today (lender's zone) until `expiresOn` (after today, at most
 * ACCREDITATION_MAX_YEARS ahead), with `note` (what was checked) kept in the audit log
 * ('accreditation.lender_checked'). The investor is told ('accreditation-verified'). Returns the
 * new record's id.
 * @throws Refused('invalid') for a bad expiry or an empty note, NotFound for no such investor.
 */
export async function recordLenderCheck(
  staff: Actor,
  investorId: string,
  opts: { expiresOn: string; note: string; clientIp?: string; now?: Date },
): Promise<string> {
  const now = opts.now ?? new Date();
  const today = lenderDay(now);
  checkExpiry(opts.expiresOn, today);
  const note = opts.note.trim();
  if (note.length < 3) throw new Refused('invalid', 'Say what was checked: it is kept in the audit log.', 'Not saved');
  return db().transaction(async (tx) => {
    const [investor] = await tx
      .select({ id: profile.userId })
      .from(profile)
      .where(and(eq(profile.userId, investorId), eq(profile.isInvestor, true)));
    if (!investor) throw new NotFound('No such investor.');
    const [row] = await tx
      .insert(accreditationRecord)
      .values({
        investorId,
        method: 'lender_verified',
        establishedOn: today,
        expiresOn: opts.expiresOn,
        verifiedAt: now,
        verifiedBy: staff.id,
      })
      .returning({ id: accreditationRecord.id });
    await audit(
      staff,
      'accreditation.lender_checked',
      { type: 'user', id: investorId },
      { recordId: row!.id, expiresOn: opts.expiresOn, reason: note, clientIp: opts.clientIp },
      tx,
    );
    await tellVerified(tx, investorId, 'lender_verified', today, opts.expiresOn);
    return row!.id;
  });
}

/**
 * Staff `staff` send back the pending letter `recordId` with `reason` (told to the investor:
 * 'accreditation-letter-rejected' and a notification). The record and its stored file are removed
 * together (the file last, after any running backup), since a record cannot stay refused; the
 * audit event ('accreditation.rejected') keeps the file's name and the reason.
 * @throws Refused('invalid') for an empty reason, NotFound for no pending letter of that id.
 */
export async function rejectAccreditationLetter(
  staff: Actor,
  recordId: string,
  opts: { reason: string; clientIp?: string },
): Promise<void> {
  const reason = opts.reason.trim();
  if (reason.length < 3) throw new Refused('invalid', 'Tell the investor why the letter is not accepted.', 'Not saved');
  if (!isUuid(recordId)) throw NO_LETTER();
  await db().transaction(async (tx) => {
    await holdOffBackups(tx);
    const [row] = await tx
      .delete(accreditationRecord)
      .where(pendingLetter(eq(accreditationRecord.id, recordId)))
      .returning({
        investorId: accreditationRecord.investorId,
        key: accreditationRecord.letterKey,
        fileName: accreditationRecord.letterFileName,
      });
    if (!row) throw NO_LETTER();
    await audit(
      staff,
      'accreditation.rejected',
      { type: 'user', id: row.investorId },
      { recordId, fileName: row.fileName, reason, clientIp: opts.clientIp },
      tx,
    );
    await tellInvestor(
      tx,
      row.investorId,
      {
        title: 'Verification letter not accepted',
        message: `We could not accept “${row.fileName ?? 'your letter'}”: ${reason}`,
        type: 'warning',
      },
      { template: 'accreditation-letter-rejected', payload: { fileName: row.fileName, reason } },
    );
    // Last: a failure here rolls the row back, so row and file stay together.
    if (row.key) await storage().delete(row.key);
  });
}
