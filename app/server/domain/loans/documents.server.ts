/**
 * Loan documents (product §2 Borrower dashboard, §3 documents, §7 Documents, §8 Documents;
 * product decisions storage and downloads). Uploads stream into storage with the type judged by
 * content and the size capped while streaming; the row and the stored file live and die
 * together; every read and write is scoped to the owner (another user's document is a 404).
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, desc, eq, inArray, isNull, notExists } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import {
  DOCUMENT_EXTENSIONS,
  DOCUMENT_MIME,
  DOCUMENT_TITLE_MAX,
  defaultTitle,
  extensionOf,
  type DocumentExtension,
} from '~/lib/documents';
import { holdOffBackups } from '../../backup.server';
import { db, type Reader } from '../../db/client.server';
import { accreditationRecord, dataRoomDocument, document, drawFile, termSheet } from '../../db/schema';
import { env } from '../../env.server';
import { logger } from '../../logger.server';
import { sweepOrphanFiles } from '../../orphan-files.server';
import { queueEmail } from '../../mail/outbox.server';
import { storage } from '../../storage.server';
import { addNotification } from '../notifications.server';
import { isUuid } from '../../db/query.server';
import { bound, preparedRead, type BoundSql } from '../../db/prepared.server';
import { bodyErrorOf } from '../../request-body.server';
import { isRefused, Refused } from '../../errors.server';

/** The upload limit in bytes: product §5's 25 MB (the default of DOCUMENT_MAX_MB), or as configured. */
export function documentMaxBytes(): number {
  return env().DOCUMENT_MAX_MB * 1024 * 1024;
}

/** What the content must be detected as (file-type) for each extension; `null`: no signature. */
const DETECTED: Record<DocumentExtension, readonly string[] | null> = {
  pdf: ['application/pdf'],
  doc: ['application/x-cfb', 'application/msword'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/zip'],
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  png: ['image/png'],
  txt: null,
};

const SNIFF_BYTES = 4100;
const MARKUP = /^\s*<(!doctype|html|head|body|script|svg|iframe|object|embed|\?xml|meta|link|style)\b/i;

/** A file refused for what it is (its name, type, content or size), with the sentence to show. */
const refuse = (kind: 'invalid' | 'unsupported' | 'too-large', message: string) =>
  new Refused(kind, message, UPLOAD_MESSAGES.failed);

/**
 * Storing or recording an upload failed on our side (not the file's fault): a `failed` refusal
 * (500), titled `title` and asking to try again; logged once, where it happens.
 */
export class UploadFailed extends Refused {
  override name = 'UploadFailed';
  constructor(title: string = UPLOAD_MESSAGES.failed) {
    super('failed', 'Please try again.', title);
  }
}

export const UPLOAD_MESSAGES = {
  name: 'The file name is not valid. Please rename the file and try again.',
  type: 'This file type is not accepted. Upload a PDF, Word document, JPEG, PNG or plain-text file.',
  content: 'The file content does not match its type. Upload a PDF, Word document, JPEG, PNG or plain-text file.',
  text: 'Text files must contain plain UTF-8 text.',
  empty: 'The file is empty.',
  tooLarge: (limit: number) => `The file is larger than ${Math.round(limit / 1024 / 1024)} MB.`,
  failed: 'Failed to upload document',
  choose: 'Please choose a file to upload.',
} as const;

const TITLE_FAILED = 'Failed to update document title';

/**
 * Which files an upload takes, when not every DOCUMENT_EXTENSIONS (an accreditation letter takes
 * no plain text), and the sentence its type refusals end with.
 */
export interface AcceptedTypes {
  extensions: readonly DocumentExtension[];
  /** e.g. 'Upload a PDF, Word document, JPEG or PNG file.' */
  advice: string;
}

/**
 * @throws Refused when `fileName` is empty, too long, or holds a path or control characters, or
 *   its extension is not one of `types` (default: DOCUMENT_EXTENSIONS).
 */
export function checkFileName(fileName: string, types?: AcceptedTypes): DocumentExtension {
  // eslint-disable-next-line no-control-regex
  if (!fileName || fileName.length > 255 || /[/\\\u0000-\u001f\u007f]/.test(fileName) || fileName.startsWith('.'))
    throw refuse('invalid', UPLOAD_MESSAGES.name);
  const ext = extensionOf(fileName);
  if (!((types?.extensions ?? DOCUMENT_EXTENSIONS) as readonly string[]).includes(ext))
    throw refuse('unsupported', types ? `This file type is not accepted. ${types.advice}` : UPLOAD_MESSAGES.type);
  return ext as DocumentExtension;
}

/**
 * Passes `source` through while checking it: at most `limit` bytes, not empty, and content
 * that matches `ext` (magic bytes; .txt must be UTF-8 text and not markup). Chunks flow on
 * only after the first bytes are judged.
 * @throws Refused from the iteration.
 */
async function* inspect(source: AsyncIterable<Uint8Array>, ext: DocumentExtension, limit: number, types?: AcceptedTypes) {
  let total = 0;
  let head: Buffer[] = [];
  let headBytes = 0;
  let judged = false;
  const utf8 = ext === 'txt' ? new TextDecoder('utf-8', { fatal: true }) : null;

  async function judge(bytes: Buffer) {
    const detected = await fileTypeFromBuffer(bytes);
    const expected = DETECTED[ext];
    if (expected === null) {
      const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
      if (detected || bytes.includes(0) || MARKUP.test(text)) throw refuse('unsupported', UPLOAD_MESSAGES.text);
    } else if (!detected || !expected.includes(detected.mime)) {
      throw refuse('unsupported', types ? `The file content does not match its type. ${types.advice}` : UPLOAD_MESSAGES.content);
    }
  }

  for await (const raw of source) {
    const chunk = Buffer.from(raw);
    total += chunk.length;
    if (total > limit) throw refuse('too-large', UPLOAD_MESSAGES.tooLarge(limit));
    if (utf8) {
      try {
        utf8.decode(chunk, { stream: true });
      } catch {
        throw refuse('unsupported', UPLOAD_MESSAGES.text);
      }
    }
    if (judged) {
      yield chunk;
      continue;
    }
    head.push(chunk);
    headBytes += chunk.length;
    if (headBytes >= SNIFF_BYTES) {
      const first = Buffer.concat(head);
      await judge(first);
      judged = true;
      head = [];
      yield first;
    }
  }
  if (total === 0) throw refuse('invalid', UPLOAD_MESSAGES.empty);
  if (utf8) {
    try {
      utf8.decode();
    } catch {
      throw refuse('unsupported', UPLOAD_MESSAGES.text);
    }
  }
  if (!judged) {
    const first = Buffer.concat(head);
    await judge(first);
    yield first;
  }
}

export interface Uploader {
  id: string;
  name: string;
  email: string;
}

/** An uploaded file in storage, not yet recorded (no row): what `recordDocuments` records. */
export interface StagedDocument {
  key: string;
  fileName: string;
  title: string;
  /** Bytes. */
  size: number;
  mimeType: string;
}

/**
 * Streams one uploaded file of `owner` into storage, checked on the way (name, size up to
 * `limit` bytes, content, and one of `types` when given). Records nothing: `recordDocuments`
 * does, for every file of a request at once (an accreditation letter is recorded by
 * accreditation.server.ts), and `discardStaged` removes staged files of a refused request.
 * @throws Refused for a bad file, UploadFailed when storing failed; nothing is left.
 */
export async function stageDocument(
  owner: Uploader,
  upload: { fileName: string; title?: string; body: AsyncIterable<Uint8Array>; limit?: number; types?: AcceptedTypes },
): Promise<StagedDocument> {
  const ext = checkFileName(upload.fileName, upload.types);
  const title = (upload.title?.trim() || defaultTitle(upload.fileName)).slice(0, DOCUMENT_TITLE_MAX);
  const key = `documents/${owner.id}/${randomBytes(16).toString('hex')}.${ext}`;
  const limit = upload.limit ?? documentMaxBytes();
  let size = 0;
  const counted = (async function* () {
    for await (const chunk of inspect(upload.body, ext, limit, upload.types)) {
      size += chunk.length;
      yield chunk;
    }
  })();
  try {
    await storage().putStream(key, Readable.from(counted), DOCUMENT_MIME[ext]);
  } catch (error) {
    await storage()
      .delete(key)
      .catch(() => undefined);
    if (isRefused(error) || bodyErrorOf(error)) throw error;
    logger.error({ err: error }, 'document upload failed while storing');
    throw new UploadFailed();
  }
  return { key, fileName: upload.fileName, title, size, mimeType: DOCUMENT_MIME[ext] };
}

/** Removes the stored files of `staged` (a refused request); never throws. */
export async function discardStaged(staged: StagedDocument[]): Promise<void> {
  await Promise.all(
    staged.map((s) =>
      storage()
        .delete(s.key)
        .catch(() => undefined),
    ),
  );
}

/** The `document` rows of `owner`'s `staged` uploads, in the checklist item `loanItemId` when given. */
export function documentRows(owner: Uploader, staged: StagedDocument[], loanItemId: string | null = null) {
  return staged.map((s) => ({
    userId: owner.id,
    loanItemId,
    title: s.title,
    fileName: s.fileName,
    storageKey: s.key,
    fileSize: s.size,
    mimeType: s.mimeType,
  }));
}

/**
 * Records the staged uploads of `owner` in one transaction: a row each, the 'Document uploaded
 * successfully' notification each, and one notify-document-upload e-mail to NOTIFY_EMAIL naming
 * them all. Returns the rows in order. On failure the staged files are removed too.
 * @throws UploadFailed when the rows could not be written.
 */
export async function recordDocuments(owner: Uploader, staged: StagedDocument[]) {
  try {
    return await db().transaction(async (tx) => {
      const rows = await tx.insert(document).values(documentRows(owner, staged)).returning();
      for (const row of rows)
        await addNotification(tx, owner.id, {
          title: 'Document uploaded successfully',
          message: `"${row.title}" was uploaded.`,
          type: 'success',
        });
      await queueEmail(tx, {
        to: env().NOTIFY_EMAIL,
        template: 'document-uploaded',
        payload: {
          documentTitle: rows.map((r) => r.title).join(', '),
          fileName: rows.map((r) => r.fileName).join(', '),
          userName: owner.name,
          userEmail: owner.email,
        },
      });
      return rows;
    });
  } catch (error) {
    logger.error({ err: error }, 'document rows not recorded; removing the stored files');
    await discardStaged(staged);
    throw new UploadFailed();
  }
}

/**
 * Stores one uploaded file of `owner` and records it (`stageDocument`, then `recordDocuments`).
 * Returns the new document. On any failure nothing is left: no row, no stored file.
 * @throws Refused for a bad file, UploadFailed when storing failed.
 */
export async function ingestDocument(
  owner: Uploader,
  upload: { fileName: string; title?: string; body: AsyncIterable<Uint8Array>; limit?: number },
) {
  const [row] = await recordDocuments(owner, [await stageDocument(owner, upload)]);
  return row!;
}

/**
 * True for a document that is no signed term sheet: a signed term sheet is the lender's record of
 * the signature (issue 23), shown on its loan page, never renamed or deleted by the borrower.
 */
const notSignedTermSheet = () =>
  notExists(db().select({ id: termSheet.id }).from(termSheet).where(eq(termSheet.signedDocumentId, document.id)));

/**
 * True for a document that is no draw's file (issue 24 "Draw requests"): a draw's photos,
 * invoices and lien waiver are its record, shown on the draw, never renamed or deleted apart.
 */
const notDrawFile = () =>
  notExists(db().select({ id: drawFile.documentId }).from(drawFile).where(eq(drawFile.documentId, document.id)));

/**
 * The general documents of `userId` (those not in a loan's checklist, every document uploaded
 * before the loan file included, signed term sheets and draws' files not: they are on their loan page), newest
 * first (product §7 Documents).
 */
export async function listDocuments(userId: string) {
  return generalDocuments(bound('userId', userId));
}

/** The select of `listDocuments`, of the user the bound SQL `userId` names (a part of My loans' one statement). */
export const generalDocumentsPart = (r: Reader, userId: BoundSql) =>
  r
    .select({
      id: document.id,
      title: document.title,
      fileName: document.fileName,
      fileSize: document.fileSize,
      mimeType: document.mimeType,
      createdAt: document.createdAt,
    })
    .from(document)
    .where(and(eq(document.userId, userId), isNull(document.loanItemId), notSignedTermSheet(), notDrawFile()))
    .orderBy(desc(document.createdAt));
const generalDocuments = preparedRead('general_documents', generalDocumentsPart);

/**
 * Renames general document `id` of `userId` to the trimmed `title`; false when it is not
 * theirs (a file in a loan's checklist and a signed term sheet are the lender's records and stay as sent).
 * @throws Refused('invalid') for an empty or too long title.
 */
export async function renameDocument(userId: string, id: string, title: string): Promise<boolean> {
  const clean = title.trim();
  if (!clean) throw new Refused('invalid', 'The title cannot be empty.', TITLE_FAILED);
  if (clean.length > DOCUMENT_TITLE_MAX)
    throw new Refused('invalid', `The title must be at most ${DOCUMENT_TITLE_MAX} characters.`, TITLE_FAILED);
  if (!isUuid(id)) return false;
  const rows = await db()
    .update(document)
    .set({ title: clean })
    .where(
      and(eq(document.id, id), eq(document.userId, userId), isNull(document.loanItemId), notSignedTermSheet(), notDrawFile()),
    )
    .returning({ id: document.id });
  return rows.length > 0;
}

/**
 * Deletes general document `id` of `userId` (not a file of a loan's checklist): the row, a 'Document deleted' notification and the stored
 * file together; if the file cannot be removed the row stays (both remain). Waits while a backup
 * copies (`holdOffBackups`), so no backup holds the row without its file. False when it is not
 * theirs.
 */
export async function deleteDocument(userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return db().transaction(async (tx) => {
    await holdOffBackups(tx);
    const [row] = await tx
      .delete(document)
      .where(
        and(eq(document.id, id), eq(document.userId, userId), isNull(document.loanItemId), notSignedTermSheet(), notDrawFile()),
      )
      .returning({ key: document.storageKey, title: document.title });
    if (!row) return false;
    await addNotification(tx, userId, { title: 'Document deleted', message: `"${row.title}" was deleted.`, type: 'info' });
    // Last: a failure here rolls the row back, so row and file stay together.
    await storage().delete(row.key);
    return true;
  });
}

/** Document `id` if `viewer` may download it (its owner, or an admin), else null. */
export async function documentForDownload(viewer: { id: string; isAdmin: boolean }, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db()
    .select()
    .from(document)
    .where(viewer.isAdmin ? eq(document.id, id) : and(eq(document.id, id), eq(document.userId, viewer.id)));
  return row ?? null;
}

/**
 * Removes stored document files that have no row (a document, an accreditation letter, or a deal's
 * data-room document) and are older than `olderThanMs` (a day by
 * default): leftovers of uploads cut off mid-way, partial files of a process that died included.
 * Through `sweepOrphanFiles` (batches that wait while a backup copies). Returns how many were removed.
 */
export function sweepOrphanDocuments(olderThanMs?: number, now?: Date): Promise<number> {
  return sweepOrphanFiles({
    prefix: 'documents/',
    keyPattern: /^documents\/[\w-]+\/[0-9a-f]+\.[a-z]+(\.\d+\.part)?$/,
    named: async (tx, keys) => {
      const known = new Set(
        (await tx.select({ key: document.storageKey }).from(document).where(inArray(document.storageKey, keys))).map(
          (r) => r.key,
        ),
      );
      // Accreditation letters are stored under documents/ too (accreditation.server.ts).
      const letters = tx
        .select({ key: accreditationRecord.letterKey })
        .from(accreditationRecord)
        .where(inArray(accreditationRecord.letterKey, keys));
      for (const letter of await letters) if (letter.key) known.add(letter.key);
      // So are the documents of deals' data rooms (data-room.server.ts).
      const dataRoom = tx
        .select({ key: dataRoomDocument.storageKey })
        .from(dataRoomDocument)
        .where(inArray(dataRoomDocument.storageKey, keys));
      for (const file of await dataRoom) known.add(file.key);
      return known;
    },
    olderThanMs,
    now,
  });
}
