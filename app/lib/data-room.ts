/**
 * A deal's data room (issue "Investing"; docs/product.md §11): the kinds of document staff file
 * in it, who may see each (investors, or staff only), the files it accepts and their limits, the
 * sentences of its refusals, and the one download address. Shared by the admin's data room
 * manager, the investor's deal page, the server and the audit log.
 */
import { z } from 'zod';
import { DOCUMENT_TITLE_MAX, type DocumentExtension } from './documents';
import { labelOf } from './loans';
import { textField } from './schemas/fields';

/** What a data-room document is, and how it reads. */
export const DATA_ROOM_KINDS = [
  { value: 'appraisal', label: 'Appraisal' },
  { value: 'title_report', label: 'Title report' },
  { value: 'prospectus', label: 'Prospectus' },
  { value: 'disclosure_statement', label: 'Lender/Purchaser Disclosure Statement' },
  { value: 'photos', label: 'Photos' },
  { value: 'other', label: 'Other' },
] as const;
export type DataRoomKind = (typeof DATA_ROOM_KINDS)[number]['value'];
export const DATA_ROOM_KIND_VALUES = DATA_ROOM_KINDS.map((k) => k.value) as [DataRoomKind, ...DataRoomKind[]];
/** 'Appraisal', 'Title report' … of a kind value (an unknown one as it is stored). */
export const dataRoomKindLabel = (kind: string) => labelOf(DATA_ROOM_KINDS, kind);

/**
 * Who sees a document: investors who acknowledged the data room, or staff only. The values are
 * the `data_room_document.audience` column's (DATA_ROOM_AUDIENCES in the schema).
 */
export const DATA_ROOM_AUDIENCE_CHOICES = [
  { value: 'investors', label: 'Investors' },
  { value: 'staff', label: 'Staff only' },
] as const;
export type DataRoomAudience = (typeof DATA_ROOM_AUDIENCE_CHOICES)[number]['value'];
export const DATA_ROOM_AUDIENCE_VALUES = ['investors', 'staff'] as const satisfies readonly DataRoomAudience[];
/** 'Investors' or 'Staff only'. */
export const dataRoomAudienceLabel = (audience: string) => labelOf(DATA_ROOM_AUDIENCE_CHOICES, audience);

/** Extensions the data room takes: PDF, Word, JPEG and PNG (no plain text), lower case. */
export const DATA_ROOM_EXTENSIONS = ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png'] as const satisfies readonly DocumentExtension[];
/** The `accept` attribute of the data room's file input. */
export const DATA_ROOM_ACCEPT = DATA_ROOM_EXTENSIONS.map((e) => `.${e}`).join(',');
/** Files one upload request may carry (each up to the document limit, DOCUMENT_MAX_MB). */
export const DATA_ROOM_MAX_FILES = 10;
/** A document's title, characters. */
export const DATA_ROOM_TITLE_MAX = DOCUMENT_TITLE_MAX;

/** How a refusal of another type of file ends ('This file type is not accepted. …'). */
export const DATA_ROOM_FILE_ADVICE = 'Upload a PDF, Word document, JPEG or PNG file.';

export const DATA_ROOM_MESSAGES = {
  kind: 'Please choose what kind of document this is.',
  audience: 'Please choose who may see this document.',
  title: `The title must be at most ${DATA_ROOM_TITLE_MAX} characters.`,
  emptyTitle: 'The title cannot be empty.',
  notFound: 'This document is no longer in the data room.',
} as const;

/** The fields sent with the files of one upload: what they are and who sees them (all alike). */
export const dataRoomUploadFields = z.object({
  kind: z.enum(DATA_ROOM_KIND_VALUES, { error: DATA_ROOM_MESSAGES.kind }),
  audience: z.enum(DATA_ROOM_AUDIENCE_VALUES, { error: DATA_ROOM_MESSAGES.audience }),
});

/** A document's new title and audience (either may be left out). */
export const dataRoomChangeFields = z.object({
  title: textField({
    max: DATA_ROOM_TITLE_MAX,
    required: DATA_ROOM_MESSAGES.emptyTitle,
    tooLong: DATA_ROOM_MESSAGES.title,
  }).optional(),
  audience: z.enum(DATA_ROOM_AUDIENCE_VALUES, { error: DATA_ROOM_MESSAGES.audience }).optional(),
});

/** Where a signed-in viewer downloads document `documentId` of deal `dealId` (the authorised route). */
export function dataRoomDownloadPath(dealId: string, documentId: string): string {
  return `/deals/${encodeURIComponent(dealId)}/data-room/${encodeURIComponent(documentId)}`;
}

/** Where staff add, change and remove the documents of deal `dealId`. */
export function dataRoomAdminPath(dealId: string): string {
  return `/admin-dashboard/deals/${encodeURIComponent(dealId)}/data-room`;
}
