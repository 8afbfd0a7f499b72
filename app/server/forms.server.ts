/**
 * The one way route code reads a request body (issue "Solid ground": uploads through one path;
 * bad input always a 4xx). Both encodings a browser form sends, URL-encoded and multipart, are
 * parsed as they stream (@fastify/busboy); text fields become a FormData for Conform and zod,
 * and each file is handed, still streaming, to the route's `accept` (stored by ingestDocument,
 * or buffered for an image) so memory stays flat.
 *
 * Refused, with `Refused` and nothing kept:
 * - another content type (a JSON body, say): 415;
 * - a body over the route's limit (request-body.server.ts), a field over 16 KiB, or too many
 *   files or fields: 413;
 * - a truncated or malformed body, text that is not UTF-8 or holds U+0000: 400;
 * - a file where the route takes none, or a file `accept` refuses: `accept`'s refusal.
 * A refusal after some files were accepted hands those to `discard`, so a refused request stores
 * nothing; a client that disconnects is treated alike.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import Busboy from '@fastify/busboy';
import type { z } from 'zod';
import { Refused } from './errors.server';
import { bodyErrorOf } from './request-body.server';

/** Largest text field, bytes: above every schema's longest text (a deal description, 10,000 characters). */
const FIELD_MAX_BYTES = 16 * 1024;
/** Most text fields one form may send. */
const FIELDS_MAX = 200;

export const FORM_MESSAGES = {
  unreadable: 'The form could not be read. Please try again.',
  unsupported: 'This request must be sent as a form.',
  tooLarge: 'The form is too large.',
  text: 'The form contains characters that are not allowed.',
  noFiles: 'This form does not accept files.',
  tooManyFiles: (max: number) => `Please upload at most ${max} files at once.`,
  interrupted: 'The upload was interrupted.',
} as const;

/** One uploaded file, as it streams in. */
export interface IncomingFile {
  /** The form field it came in. */
  field: string;
  /** The name the browser gave, path included when it sent one. */
  fileName: string;
  /** The type the browser claimed (never trusted: content decides). */
  mimeType: string;
  /** Its bytes, to be read to the end (or the request stalls) unless `accept` throws. */
  stream: AsyncIterable<Uint8Array>;
}

/** What a route does with the files of its form. */
export interface FileRules<T> {
  /** The most files one request may carry. */
  maxFiles: number;
  /** Takes one file: reads its stream to the end and returns what was made of it. @throws Refused */
  accept(file: IncomingFile, form: FormData): Promise<T>;
  /** Undoes accepted files when the request is refused after all. */
  discard?(accepted: T[]): Promise<void>;
}

/** A file buffered whole, for small ones (an avatar, a deal image). */
export interface BufferedFile {
  field: string;
  fileName: string;
  bytes: Uint8Array;
}

/**
 * Reads `file` into memory. @throws Refused(413, `tooLarge`) past `maxBytes` bytes, without
 * reading further.
 */
export async function bufferFile(file: IncomingFile, maxBytes: number, tooLarge: string): Promise<BufferedFile> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of file.stream) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new Refused('too-large', tooLarge, 'File too large');
    chunks.push(chunk);
  }
  return { field: file.field, fileName: file.fileName, bytes: Buffer.concat(chunks) };
}

const isText = (value: string) => !value.includes('\u0000') && !value.includes('\uFFFD');

/**
 * The text fields of a form without files (every form but the three uploads).
 * @throws Refused as the module says.
 */
export async function readForm(request: Request): Promise<FormData> {
  return (await readUpload(request, null)).form;
}

/**
 * The text fields of a form and what `rules.accept` made of each of its files, in order.
 * @throws Refused as the module says; any other error from `accept` after discarding the rest.
 */
export async function readUpload<T>(request: Request, rules: FileRules<T> | null): Promise<{ form: FormData; files: T[] }> {
  const type = request.headers.get('Content-Type') ?? '';
  if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(type))
    throw new Refused('unsupported', FORM_MESSAGES.unsupported);
  const form = new FormData();
  if (!request.body) return { form, files: [] };

  let parser: InstanceType<typeof Busboy>;
  try {
    parser = new Busboy({
      headers: { 'content-type': type },
      preservePath: true,
      limits: { files: rules?.maxFiles ?? 0, fields: FIELDS_MAX, fieldSize: FIELD_MAX_BYTES, fieldNameSize: 200 },
    });
  } catch {
    throw new Refused('invalid', FORM_MESSAGES.unreadable);
  }

  const accepted: T[] = [];
  const jobs: Promise<void>[] = [];
  const streaming = new Set<Readable>();
  let failure: unknown = null;
  const fail = (error: unknown) => {
    failure ??= error;
  };

  const done = new Promise<void>((resolve) => {
    parser.on('field', (name: string, value: string, nameTruncated: boolean, valueTruncated: boolean) => {
      if (failure) return;
      if (nameTruncated || valueTruncated) return fail(new Refused('too-large', FORM_MESSAGES.tooLarge));
      if (!isText(name) || !isText(value)) return fail(new Refused('invalid', FORM_MESSAGES.text));
      form.append(name, value);
    });
    parser.on('file', (field: string, stream: Readable, fileName: string, _encoding: string, mimeType: string) => {
      // Listened to at once: a body that ends inside this file makes the stream emit 'error'.
      stream.on('error', (error: Error) => fail(bodyErrorOf(error) ?? new Refused('invalid', FORM_MESSAGES.interrupted)));
      streaming.add(stream);
      stream.once('close', () => streaming.delete(stream));
      if (failure || !rules) {
        if (!rules) fail(new Refused('invalid', FORM_MESSAGES.noFiles));
        return void stream.resume();
      }
      // A part without a file name (not what browsers send, but anyone can) reads as ''.
      if (!isText(field) || !isText(fileName ?? '')) {
        fail(new Refused('invalid', FORM_MESSAGES.text));
        return void stream.resume();
      }
      const index = jobs.length;
      // Not destroyed when `accept` stops early (a refusal): what is left is drained below, so
      // the parser goes on to the end of the body instead of waiting on a dead stream.
      const body = stream.iterator({ destroyOnReturn: false });
      jobs.push(
        // Through a promise, so an `accept` that throws at once is a refusal, not a stuck request.
        Promise.resolve()
          .then(() => rules.accept({ field, fileName: fileName ?? '', mimeType, stream: body }, form))
          .then((result) => void (accepted[index] = result), fail)
          .finally(() => stream.resume()),
      );
    });
    parser.on('filesLimit', () => fail(new Refused('too-large', FORM_MESSAGES.tooManyFiles(rules?.maxFiles ?? 0))));
    parser.on('fieldsLimit', () => fail(new Refused('too-large', FORM_MESSAGES.tooLarge)));
    parser.on('partsLimit', () => fail(new Refused('too-large', FORM_MESSAGES.tooLarge)));
    parser.on('error', (error: Error) => {
      fail(bodyErrorOf(error) ?? new Refused('invalid', FORM_MESSAGES.unreadable));
      resolve();
    });
    parser.on('finish', () => resolve());
    parser.on('close', () => resolve());
  });

  const source = Readable.fromWeb(request.body as NodeReadableStream);
  // The body failed (too large, or the client went away): files still streaming fail with it,
  // so every `accept` ends, and the parser stops.
  source.on('error', (error) => {
    fail(error);
    for (const stream of streaming) stream.destroy(error);
    parser.destroy();
  });
  source.pipe(parser);
  await done;
  await Promise.allSettled(jobs);

  if (failure) {
    source.unpipe(parser);
    if (rules?.discard) await rules.discard(accepted.filter((a) => a !== undefined));
    const body = bodyErrorOf(failure);
    if (body)
      throw new Refused(
        body.reason === 'too-large' ? 'too-large' : 'invalid',
        body.reason === 'too-large' ? FORM_MESSAGES.tooLarge : FORM_MESSAGES.interrupted,
      );
    throw failure;
  }
  return { form, files: accepted };
}

/** The values of `intent` that `schema` accepts (zod 4 keeps a literal/enum discriminator's values). */
function intentsOf(schema: z.ZodType): readonly string[] | null {
  const values = (schema as { _zod?: { propValues?: Record<string, Set<unknown>> } })._zod?.propValues?.intent;
  return values ? [...values].map(String) : null;
}

/**
 * The fields of `form` as `schema` reads them: a form's ids and choices, parsed, never cast. A
 * form that names its `intent` is read by `readIntent` instead (one intent parser).
 * @throws Refused('invalid', 'Unknown request.') for anything the schema does not accept.
 * @throws TypeError (a programming error, found by any test) for a schema that reads `intent`.
 */
export function parseFields<Schema extends z.ZodType>(form: FormData, schema: Schema): z.infer<Schema> {
  if (intentsOf(schema)) throw new TypeError('parseFields: read an intent with readIntent');
  return parseWith(form, schema);
}

function parseWith<Schema extends z.ZodType>(form: FormData, schema: Schema): z.infer<Schema> {
  const parsed = schema.safeParse(Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')));
  if (!parsed.success) throw new Refused('invalid', 'Unknown request.');
  return parsed.data;
}

/**
 * The one way an action tells its forms apart (docs/conventions.md "Intents are parsed, not
 * cast"): the form's `intent` field and the fields that intent takes. `intents` is either
 * - the list of intents, when the action reads each one's fields itself:
 *   `readIntent(form, ['follow', 'unfollow'])` gives `{ intent: 'follow' | 'unfollow' }`; or
 * - a zod schema of the intents and their fields,
 *   `z.discriminatedUnion('intent', [z.object({ intent: z.literal('delete'), id }), …])` (or one
 *   `z.object({ intent: z.literal('retry'), … })`), which it returns parsed.
 * `absent` is the intent of a form posted without one (the sign-in form when Enter is pressed).
 * @throws Refused('invalid') for a missing or unknown intent, saying which ones the address
 *   takes; Refused('invalid', 'Unknown request.') for fields the intent's schema refuses.
 */
export function readIntent<const Intent extends string>(
  form: FormData,
  intents: readonly [Intent, ...Intent[]],
  options?: { absent?: NoInfer<Intent> },
): { intent: Intent };
export function readIntent<Schema extends z.ZodType<{ intent: string }>>(
  form: FormData,
  intents: Schema,
  options?: { absent?: z.infer<Schema>['intent'] },
): z.infer<Schema>;
export function readIntent(form: FormData, intents: readonly string[] | z.ZodType, options: { absent?: string } = {}) {
  const known = Array.isArray(intents) ? intents : intentsOf(intents as z.ZodType);
  if (!known) throw new TypeError('readIntent: the schema has no `intent` literal or enum');
  const sent = form.get('intent');
  const intent = sent === null && options.absent !== undefined ? options.absent : sent;
  if (typeof intent !== 'string' || !known.includes(intent)) {
    const told =
      typeof intent === 'string' ? `“${intent.slice(0, 40)}” is not a request this page takes` : 'The request names no intent';
    throw new Refused('invalid', `${told} (it takes ${known.join(', ')}).`, 'Unknown request');
  }
  if (Array.isArray(intents)) return { intent };
  if (sent === null) form.set('intent', intent);
  return parseWith(form, intents as z.ZodType);
}
