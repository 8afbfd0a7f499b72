/**
 * Request bodies: how large each route's may be, and the errors its stream raises (issue "Solid
 * ground" 17-19). The server (server/react-router-handler.ts) refuses a declared length over the
 * limit before reading a byte and fails the body stream as soon as an undeclared one passes it;
 * a client that disconnects fails the stream too. Route code reads bodies only through
 * `readForm` (forms.server.ts), which turns these errors into 413 and 400 answers.
 */
import { SITE_IMAGE_MAX_BYTES } from '~/lib/site-content';
import { DATA_ROOM_MAX_FILES } from '~/lib/data-room';
import { DOCUMENT_MAX_FILES } from '~/lib/documents';
import { DEAL_IMAGE_MAX_BYTES, DEAL_MAX_IMAGES, DEAL_PROSPECTUS_MAX_BYTES } from '~/lib/schemas/deal';
import { AVATAR_MAX_BYTES } from '~/lib/schemas/profile';
import { documentMaxBytes } from './domain/documents.server';

/** A form without files (every form but the uploads below): 64 KiB, bytes. */
export const FORM_MAX_BYTES = 64 * 1024;

/** Room for the multipart framing and text fields around the files of an upload, bytes. */
const FRAMING_BYTES = 64 * 1024;

/**
 * The largest body `pathname` (React Router's `.data` suffix allowed) may carry, in bytes: the
 * file limits of the routes that take files, FORM_MAX_BYTES for every other.
 */
export function bodyLimitFor(pathname: string): number {
  const path = pathname.replace(/\.data$/, '').replace(/\/$/, '');
  if (path === '/dashboard/loans/documents' || /^\/dashboard\/loans\/[^/]+\/items\/[^/]+\/documents$/.test(path))
    return DOCUMENT_MAX_FILES * (documentMaxBytes() + FRAMING_BYTES);
  if (/^\/admin-dashboard\/deals\/(new|[^/]+\/edit)$/.test(path))
    return DEAL_MAX_IMAGES * DEAL_IMAGE_MAX_BYTES + DEAL_PROSPECTUS_MAX_BYTES + FRAMING_BYTES;
  if (path === '/dashboard/profile') return AVATAR_MAX_BYTES + FRAMING_BYTES;
  if (path === '/dashboard/profile/accreditation-letter') return documentMaxBytes() + FRAMING_BYTES;
  if (/^\/admin-dashboard\/deals\/[^/]+\/data-room$/.test(path))
    return DATA_ROOM_MAX_FILES * (documentMaxBytes() + FRAMING_BYTES);
  if (path === '/admin-dashboard/content/images') return SITE_IMAGE_MAX_BYTES + FRAMING_BYTES;
  return FORM_MAX_BYTES;
}

/** Why a request body could not be read to its end. */
export type BodyFailure = 'too-large' | 'aborted';

/** Raised by a request's body stream: larger than its route's limit, or cut off by the client. */
export class BodyError extends Error {
  override name = 'BodyError';
  constructor(readonly reason: BodyFailure) {
    super(reason === 'too-large' ? 'The request body is larger than this page accepts.' : 'The request was interrupted.');
  }
}

/** The BodyError in `error` or its causes (parsers wrap the stream's error), else null. */
export function bodyErrorOf(error: unknown): BodyError | null {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    // By name as well: in development Vite may load this module twice.
    if (e instanceof BodyError || (e as Error).name === 'BodyError') return e as BodyError;
  }
  return null;
}
