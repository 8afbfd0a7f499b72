/**
 * A deal's data room (issue "Investing"; docs/product.md §11 "Data room acknowledgement"): staff
 * file any number of documents with a deal (appraisal, title report, prospectus, Lender/Purchaser
 * Disclosure Statement, photos …), each for investors or for staff only, and change or remove
 * them; investors who acknowledged the room as confidential download the investors' ones.
 *
 * - **Uploads** stream into storage like a borrower's documents (`stageDocument` with the data
 *   room's types: PDF, Word, JPEG, PNG; size capped while streaming, type judged by content),
 *   under `documents/{uploaderId}/`, so the hourly orphan sweep covers them too.
 * - **Staff-only documents never leave the database for an investor**: the investor's queries
 *   carry `audience = 'investors'` in their `where`, next to the deal and the acknowledgement.
 * - **Rows and files together**: a row is written after its file, and a file is removed last in
 *   the transaction that deletes its row, after waiting for a running backup (`holdOffBackups`).
 * - Every change is written to the audit log with the deal as subject (`data-room.*`); downloads
 *   are audited by the download route.
 *
 * Amounts of bytes are bytes; dates are `Date`s. Callers check the viewer's role first (staff
 * functions: `requireAdmin`).
 */
import { and, asc, desc, eq, isNull, type Placeholder, type SQL } from 'drizzle-orm';
import {
  DATA_ROOM_EXTENSIONS,
  DATA_ROOM_FILE_ADVICE,
  DATA_ROOM_MESSAGES,
  DATA_ROOM_TITLE_MAX,
  type DataRoomAudience,
  type DataRoomKind,
} from '~/lib/data-room';
import { holdOffBackups } from '../../backup.server';
import { db } from '../../db/client.server';
import { isUuid } from '../../db/query.server';
import { bound, preparedRead } from '../../db/prepared.server';
import { dataRoomAcknowledgement, dataRoomDocument, deal } from '../../db/schema';
import { NotFound, Refused, isRefused } from '../../errors.server';
import { logger } from '../../logger.server';
import { storage } from '../../storage.server';
import { audit } from '../audit.server';
import { discardStaged, stageDocument, UploadFailed, type StagedDocument, type Uploader } from '../loans/documents.server';

/** The staff member acting: id, name and e-mail (the audit log keeps the e-mail). */
export type DataRoomActor = Uploader;

const dealNotFound = () => new NotFound('This deal does not exist.', 'Deal Not Found');
const documentNotFound = () => new NotFound(DATA_ROOM_MESSAGES.notFound, 'Document not found');

/** The files the data room takes (docs/product.md §11): PDF, Word, JPEG, PNG. */
const DATA_ROOM_TYPES = { extensions: DATA_ROOM_EXTENSIONS, advice: DATA_ROOM_FILE_ADVICE };

/**
 * Deal `dealId` when it exists and is not deleted: `{ id, title }`.
 * @throws NotFound for a malformed id, a missing or a deleted deal.
 */
export async function dataRoomDeal(dealId: string): Promise<{ id: string; title: string }> {
  if (!isUuid(dealId)) throw dealNotFound();
  const [row] = await db()
    .select({ id: deal.id, title: deal.title })
    .from(deal)
    .where(and(eq(deal.id, dealId), isNull(deal.deletedAt)));
  if (!row) throw dealNotFound();
  return row;
}

/**
 * Streams one uploaded file of `uploader` into storage for the data room, checked on the way:
 * name, one of DATA_ROOM_EXTENSIONS, size up to `upload.limit` bytes (default the document limit,
 * DOCUMENT_MAX_MB), content by magic bytes. Records nothing: `addDataRoomDocuments` does, and
 * removes the staged files when it cannot.
 * @throws Refused(400/413/415) for a bad file, UploadFailed when storing failed; nothing is left.
 */
export function stageDataRoomFile(
  uploader: Uploader,
  upload: { fileName: string; body: AsyncIterable<Uint8Array>; limit?: number },
): Promise<StagedDocument> {
  return stageDocument(uploader, { ...upload, types: DATA_ROOM_TYPES });
}

/** `title` trimmed, or `fallback` when blank. @throws Refused('invalid') past DATA_ROOM_TITLE_MAX characters. */
function titleOf(title: string | null | undefined, fallback: string): string {
  const clean = title?.trim() ?? '';
  if (clean.length > DATA_ROOM_TITLE_MAX) throw new Refused('invalid', DATA_ROOM_MESSAGES.title, 'Failed to upload document');
  return clean || fallback;
}

/**
 * Records the `staged` files (from `stageDataRoomFile`) in deal `dealId`'s data room, all of
 * `kind` and for `audience`, in one transaction with a `data-room.document_added` audit event
 * each. `titles[i]` names `staged[i]`; a missing or blank one leaves the file's name without its
 * extension. Returns the new documents `{ id, title }` in order. When anything fails the staged
 * files are removed: nothing is left.
 * @throws Refused('invalid') for a title over DATA_ROOM_TITLE_MAX characters, NotFound for a
 *   missing or deleted deal, UploadFailed when the rows could not be written.
 */
export async function addDataRoomDocuments(
  actor: DataRoomActor,
  dealId: string,
  staged: StagedDocument[],
  meta: { kind: DataRoomKind; audience: DataRoomAudience; titles?: (string | null | undefined)[] },
): Promise<{ id: string; title: string }[]> {
  try {
    const values = staged.map((s, i) => ({
      dealId,
      title: titleOf(meta.titles?.[i], s.title),
      kind: meta.kind,
      audience: meta.audience,
      storageKey: s.key,
      fileName: s.fileName,
      mimeType: s.mimeType,
      fileSize: s.size,
      uploadedBy: actor.id,
    }));
    const target = await dataRoomDeal(dealId);
    return await db().transaction(async (tx) => {
      const rows = await tx
        .insert(dataRoomDocument)
        .values(values)
        .returning({ id: dataRoomDocument.id, title: dataRoomDocument.title, fileName: dataRoomDocument.fileName });
      for (const row of rows)
        await audit(
          actor,
          'data-room.document_added',
          { type: 'deal', id: dealId },
          {
            title: target.title,
            documentId: row.id,
            document: row.title,
            fileName: row.fileName,
            kind: meta.kind,
            audience: meta.audience,
          },
          tx,
        );
      return rows.map(({ id, title }) => ({ id, title }));
    });
  } catch (error) {
    await discardStaged(staged);
    if (isRefused(error)) throw error;
    logger.error({ err: error }, 'data-room rows not recorded; removed the stored files');
    throw new UploadFailed();
  }
}

/**
 * Changes document `documentId` of deal `dealId`: its `title` (trimmed, 1 to DATA_ROOM_TITLE_MAX
 * characters) and/or its `audience`, audited as `data-room.document_renamed` and
 * `data-room.audience_changed` (only what changed). Returns the document's title and audience.
 * @throws Refused('invalid') for an empty or too long title, NotFound when the document is not
 *   in this deal's data room (or the deal is deleted).
 */
export async function changeDataRoomDocument(
  actor: DataRoomActor,
  dealId: string,
  documentId: string,
  changes: { title?: string; audience?: DataRoomAudience },
): Promise<{ title: string; audience: DataRoomAudience }> {
  const failed = 'Failed to update document';
  const title = changes.title?.trim();
  if (title !== undefined && !title) throw new Refused('invalid', DATA_ROOM_MESSAGES.emptyTitle, failed);
  if (title && title.length > DATA_ROOM_TITLE_MAX) throw new Refused('invalid', DATA_ROOM_MESSAGES.title, failed);
  if (!isUuid(dealId) || !isUuid(documentId)) throw documentNotFound();
  return db().transaction(async (tx) => {
    const [current] = await tx
      .select({ title: dataRoomDocument.title, audience: dataRoomDocument.audience, dealTitle: deal.title })
      .from(dataRoomDocument)
      .innerJoin(deal, eq(deal.id, dataRoomDocument.dealId))
      .where(and(eq(dataRoomDocument.id, documentId), eq(dataRoomDocument.dealId, dealId), isNull(deal.deletedAt)))
      .for('update', { of: dataRoomDocument });
    if (!current) throw documentNotFound();
    const next = { title: title ?? current.title, audience: changes.audience ?? current.audience };
    if (next.title === current.title && next.audience === current.audience) return next;
    await tx.update(dataRoomDocument).set(next).where(eq(dataRoomDocument.id, documentId));
    const subject = { type: 'deal', id: dealId };
    if (next.title !== current.title)
      await audit(
        actor,
        'data-room.document_renamed',
        subject,
        { title: current.dealTitle, documentId, from: current.title, to: next.title },
        tx,
      );
    if (next.audience !== current.audience)
      await audit(
        actor,
        'data-room.audience_changed',
        subject,
        { title: current.dealTitle, documentId, document: next.title, from: current.audience, to: next.audience },
        tx,
      );
    return next;
  });
}

/**
 * Removes document `documentId` from deal `dealId`'s data room: the row, a
 * `data-room.document_removed` audit event and the stored file together. Waits while a backup
 * copies (`holdOffBackups`); the file goes last, so a failure to remove it keeps the row too.
 * Returns the removed document's title.
 * @throws NotFound when the document is not in this deal's data room.
 */
export async function removeDataRoomDocument(
  actor: DataRoomActor,
  dealId: string,
  documentId: string,
): Promise<{ title: string }> {
  if (!isUuid(dealId) || !isUuid(documentId)) throw documentNotFound();
  return db().transaction(async (tx) => {
    await holdOffBackups(tx);
    const [row] = await tx
      .delete(dataRoomDocument)
      .where(and(eq(dataRoomDocument.id, documentId), eq(dataRoomDocument.dealId, dealId)))
      .returning({
        key: dataRoomDocument.storageKey,
        title: dataRoomDocument.title,
        kind: dataRoomDocument.kind,
        audience: dataRoomDocument.audience,
        fileName: dataRoomDocument.fileName,
      });
    if (!row) throw documentNotFound();
    const [target] = await tx.select({ title: deal.title }).from(deal).where(eq(deal.id, dealId));
    await audit(
      actor,
      'data-room.document_removed',
      { type: 'deal', id: dealId },
      { title: target?.title, documentId, document: row.title, fileName: row.fileName, kind: row.kind, audience: row.audience },
      tx,
    );
    // Last: a failure here rolls the row back, so row and file stay together.
    await storage().delete(row.key);
    return { title: row.title };
  });
}

const newestFirst = [desc(dataRoomDocument.createdAt), asc(dataRoomDocument.title), asc(dataRoomDocument.id)];

/**
 * Every document of deal `dealId`'s data room, for staff (investors' and staff-only), newest
 * first: `{ id, title, kind, audience, fileName, mimeType, fileSize (bytes), createdAt }`.
 */
export async function staffDataRoom(dealId: string) {
  if (!isUuid(dealId)) return [];
  return db()
    .select({
      id: dataRoomDocument.id,
      title: dataRoomDocument.title,
      kind: dataRoomDocument.kind,
      audience: dataRoomDocument.audience,
      fileName: dataRoomDocument.fileName,
      mimeType: dataRoomDocument.mimeType,
      fileSize: dataRoomDocument.fileSize,
      createdAt: dataRoomDocument.createdAt,
    })
    .from(dataRoomDocument)
    .where(eq(dataRoomDocument.dealId, dealId))
    .orderBy(...newestFirst);
}

/** The condition of a document an investor may see: marked for investors, in a deal not deleted. */
const forInvestors = (dealId: string | SQL | Placeholder): SQL =>
  and(eq(dataRoomDocument.dealId, dealId), eq(dataRoomDocument.audience, 'investors'), isNull(deal.deletedAt))!;

/**
 * The documents of deal `dealId`'s data room that investors see (audience 'investors'; none of a
 * deleted deal), newest first: `{ id, title, kind, fileName, fileSize (bytes), createdAt }`. The
 * query itself leaves staff-only documents out. Whether the viewer may download them (an
 * investor who acknowledged the room) is `dataRoomDocumentForDownload`'s rule.
 */
export async function investorDataRoom(dealId: string) {
  if (!isUuid(dealId)) return [];
  return investorDocuments(bound('dealId', dealId));
}
const investorDocuments = preparedRead('investor_data_room', (r, dealId) =>
  r
    .select({
      id: dataRoomDocument.id,
      title: dataRoomDocument.title,
      kind: dataRoomDocument.kind,
      fileName: dataRoomDocument.fileName,
      fileSize: dataRoomDocument.fileSize,
      createdAt: dataRoomDocument.createdAt,
    })
    .from(dataRoomDocument)
    .innerJoin(deal, eq(deal.id, dataRoomDocument.dealId))
    .where(forInvestors(dealId))
    .orderBy(...newestFirst),
);

/** Who asks for a download: `isStaff` is an admin whose session passed a second factor (guards' `isStaff`). */
export interface DataRoomViewer {
  id: string;
  isStaff: boolean;
  isInvestor: boolean;
}

/**
 * Document `documentId` of deal `dealId` when `viewer` may download it, else null (the route
 * answers 404 for every null, so not there, not allowed and not yet acknowledged look alike):
 * - staff: any document of the deal, staff-only ones included;
 * - an investor: a document marked for investors, of a deal that is not deleted, once they have
 *   acknowledged that deal's data room (docs/product.md §11) — one query holds all three;
 * - anyone else, a malformed id, or a document of another deal: null.
 * Returns `{ id, dealId, dealTitle, title, kind, audience, storageKey, fileName, mimeType }`.
 */
export async function dataRoomDocumentForDownload(viewer: DataRoomViewer, dealId: string, documentId: string) {
  if (!isUuid(dealId) || !isUuid(documentId)) return null;
  if (!viewer.isStaff && !viewer.isInvestor) return null;
  const columns = {
    id: dataRoomDocument.id,
    dealId: dataRoomDocument.dealId,
    dealTitle: deal.title,
    title: dataRoomDocument.title,
    kind: dataRoomDocument.kind,
    audience: dataRoomDocument.audience,
    storageKey: dataRoomDocument.storageKey,
    fileName: dataRoomDocument.fileName,
    mimeType: dataRoomDocument.mimeType,
  };
  const thisDocument = eq(dataRoomDocument.id, documentId);
  const [row] = viewer.isStaff
    ? await db()
        .select(columns)
        .from(dataRoomDocument)
        .innerJoin(deal, eq(deal.id, dataRoomDocument.dealId))
        .where(and(thisDocument, eq(dataRoomDocument.dealId, dealId)))
    : await db()
        .select(columns)
        .from(dataRoomDocument)
        .innerJoin(deal, eq(deal.id, dataRoomDocument.dealId))
        .innerJoin(
          dataRoomAcknowledgement,
          and(eq(dataRoomAcknowledgement.dealId, dataRoomDocument.dealId), eq(dataRoomAcknowledgement.investorId, viewer.id)),
        )
        .where(and(thisDocument, forInvestors(dealId)));
  return row ?? null;
}
