/**
 * Loan documents (product §5 document upload; issue "Borrower portal"): the accepted extensions,
 * the size limit, and the helpers the upload card and the server share.
 */

/** Accepted extensions, lower case, without the dot. */
export const DOCUMENT_EXTENSIONS = ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png', 'txt'] as const;
export type DocumentExtension = (typeof DOCUMENT_EXTENSIONS)[number];

/** The stored MIME type of each accepted extension. */
export const DOCUMENT_MIME: Record<DocumentExtension, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  txt: 'text/plain; charset=utf-8',
};

/** The `accept` attribute of the file picker. */
export const DOCUMENT_ACCEPT = DOCUMENT_EXTENSIONS.map((e) => `.${e}`).join(',');

/** Files one upload request may carry. */
export const DOCUMENT_MAX_FILES = 10;

/** Title limit, characters. */
export const DOCUMENT_TITLE_MAX = 200;

/** The extension of `fileName`, lower case, or '' (e.g. 'Deed.PDF' → 'pdf'). */
export function extensionOf(fileName: string): string {
  const match = /\.([^./\\]+)$/.exec(fileName);
  return match ? match[1]!.toLowerCase() : '';
}

/** The default title: the file name without its extension (product §5). */
export function defaultTitle(fileName: string): string {
  return fileName.replace(/\.[^./\\]+$/, '').trim() || fileName;
}

/** Human size: bytes → '512 B', '1.2 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A short label of a stored MIME type, e.g. 'PDF', 'Word', 'JPEG'. */
export function typeLabel(mimeType: string): string {
  const labels: Record<string, string> = {
    'application/pdf': 'PDF',
    'application/msword': 'Word',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
    'image/jpeg': 'JPEG',
    'image/png': 'PNG',
    'text/plain': 'Text',
  };
  const base = mimeType.split(';')[0]!.trim();
  return labels[base] ?? base;
}
