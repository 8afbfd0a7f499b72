/**
 * How large a request body a route takes (issue "Solid ground" 17-19; issue 22 "Boundaries
 * linted"). Every route takes a form of FORM_MAX_BYTES; a route that takes files declares its
 * own limit in its module, next to the action that reads them:
 *
 *   export const bodyLimit: BodyLimit = ({ documentBytes }) => DOCUMENT_MAX_FILES * (documentBytes + FRAMING_BYTES);
 *
 * The server (server/body-limit.ts) reads the export of the route a request targets, refuses a
 * declared length over it with 413 before reading a byte, and fails the body stream as soon as
 * an undeclared one passes it. This module is shared with the browser bundle (a page's module
 * keeps its other exports there), so a limit that depends on configuration takes it as an
 * argument instead of reading it.
 */

/** A form without files (every route that declares no `bodyLimit`): 64 KiB, bytes. */
export const FORM_MAX_BYTES = 64 * 1024;

/** Room for the multipart framing and text fields around the files of an upload, bytes. */
export const FRAMING_BYTES = 64 * 1024;

/** The configured limits a route's body limit may depend on, in bytes, read by the server per request. */
export interface ConfiguredLimits {
  /** The largest loan document, data-room file or accreditation letter (DOCUMENT_MAX_MB). */
  documentBytes: number;
}

/** A route module's `bodyLimit` export: bytes, or bytes computed from the configured limits. */
export type BodyLimit = number | ((limits: ConfiguredLimits) => number);
