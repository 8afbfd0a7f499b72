/**
 * Multipart uploads read with @remix-run/form-data-parser: the size cap is enforced while the
 * body streams (a larger file is never buffered), at most `maxFiles` files are accepted, and
 * non-multipart bodies are read as plain form data.
 */
import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MultipartParseError,
  parseFormData,
  type FileUpload,
} from '@remix-run/form-data-parser';

export type UploadResult = { ok: true; formData: FormData } | { ok: false; reason: 'too-large' | 'malformed' };

/**
 * Reads the form of `request`, keeping uploaded files of at most `maxFileBytes` bytes in
 * memory (for small files such as avatars). Never throws for bad input.
 */
export async function readSmallUpload(request: Request, maxFileBytes: number, maxFiles = 1): Promise<UploadResult> {
  const type = request.headers.get('Content-Type') ?? '';
  try {
    if (!type.startsWith('multipart/form-data')) return { ok: true, formData: await request.formData() };
    const formData = await parseFormData(request, { maxFileSize: maxFileBytes, maxFiles }, (file: FileUpload) => file);
    return { ok: true, formData };
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError || (error as Error)?.cause instanceof MaxFileSizeExceededError)
      return { ok: false, reason: 'too-large' };
    if (error instanceof FormDataParseError || error instanceof MultipartParseError || error instanceof TypeError)
      return { ok: false, reason: 'malformed' };
    throw error;
  }
}
