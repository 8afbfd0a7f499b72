/**
 * The one way a form is parsed against its zod schema, in the browser (Conform's validation)
 * and in the action (issue "Solid ground" 25): Conform's coercion, except that a number is
 * written in decimal only. `Number()` would also take '0x10', '1e3', '0b1' or 'Infinity'.
 *
 * A whole number (a schema field with `.int()`: dollars, months, counts) is stricter still
 * (issue 22, defect 6): digits only, read by `readWholeNumber`, the one whole-number parser of
 * form fields and search parameters (search-params.ts `pageParam`).
 */
import { parseWithZod } from '@conform-to/zod/v4';
import { configureCoercion } from '@conform-to/zod/v4/future';
import type { $ZodType } from 'zod/v4/core';
import { plainDollars } from './money';

/** An optional sign, digits, and optionally a decimal point with digits: '12', '-3.5', '.5'. */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** `text` read as a decimal number, or NaN for anything else ('0x10', '1e3', 'Infinity', ''). */
export function readDecimal(text: string): number {
  return DECIMAL.test(text.trim()) ? Number(text.trim()) : Number.NaN;
}

/** Digits only. No whole number the site takes is negative (amounts, months, counts, pages). */
const WHOLE = /^\d+$/;

/**
 * `text` read as a whole number: ASCII digits only, nothing around them, at most
 * `Number.MAX_SAFE_INTEGER`; NaN for anything else (' 5', '+5', '5.0', '-3', '2abc', '1e3', '').
 */
export function readWholeNumber(text: string): number {
  if (!WHOLE.test(text)) return Number.NaN;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : Number.NaN;
}

/** True for a zod number with an integer format (`.int()`, `z.int()`, `z.int32()`, `z.uint32()`). */
function isWholeNumber(type: $ZodType): boolean {
  const def = type._zod.def as { type: string; checks?: { _zod: { def: { check?: string; format?: string } } }[] };
  if (def.type !== 'number') return false;
  const format = (type as { format?: unknown }).format;
  if (format === 'safeint' || format === 'int32' || format === 'uint32') return true;
  return (def.checks ?? []).some((c) => c._zod.def.check === 'number_format' && /int/.test(c._zod.def.format ?? ''));
}

/**
 * A whole-number field's form value: '' is absent, digits are the number. Other numeric text
 * ('5.0', '+5', ' 5', '12.5', '-3') becomes a number with a fraction, so the field's `.int()`
 * refuses it with its own message (zod reports no other check after a failed integer format);
 * text that is no number at all stays text, refused with the field's type message.
 */
function coerceWholeNumber(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (value === '') return undefined;
  const whole = readWholeNumber(value);
  if (!Number.isNaN(whole)) return whole;
  const decimal = readDecimal(value);
  if (Number.isNaN(decimal)) return value;
  return Number.isInteger(decimal) ? decimal + 0.5 : decimal;
}

const { coerceFormValue } = configureCoercion({
  type: { number: readDecimal },
  customize: (type) => (isWholeNumber(type) ? coerceWholeNumber : null),
});

/**
 * Conform's submission of `formData` against `schema` (field errors, typed value on success).
 * `dollars` names the fields typed in the money field (`MoneyField`, issue 23): their dollar
 * sign, commas and spaces are dropped first, so '$1,250,000' reads as 1250000 in the browser and
 * on the server alike (a form posted without JavaScript sends what was typed).
 */
export function parseForm<Schema extends $ZodType>(
  formData: FormData | URLSearchParams,
  { schema, dollars = [] }: { schema: Schema; dollars?: readonly string[] },
) {
  let data = formData;
  if (dollars.length) {
    const copy = formData instanceof URLSearchParams ? new URLSearchParams(formData) : new FormData();
    if (copy instanceof FormData) for (const [name, value] of formData.entries()) copy.append(name, value as string | Blob);
    for (const name of dollars) {
      const values = copy.getAll(name);
      if (!values.length) continue;
      copy.delete(name);
      for (const v of values) (copy as FormData).append(name, typeof v === 'string' ? plainDollars(v) : v);
    }
    data = copy;
  }
  return parseWithZod(data, { schema: coerceFormValue(schema), disableAutoCoercion: true });
}
