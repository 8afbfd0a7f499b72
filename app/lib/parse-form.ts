/**
 * The one way a form is parsed against its zod schema, in the browser (Conform's validation)
 * and in the action (issue "Solid ground" 25): Conform's coercion, except that a number is
 * written in decimal only. `Number()` would also take '0x10', '1e3', '0b1' or 'Infinity'.
 */
import { parseWithZod } from '@conform-to/zod/v4';
import { configureCoercion } from '@conform-to/zod/v4/future';
import type { $ZodType } from 'zod/v4/core';

/** An optional sign, digits, and optionally a decimal point with digits: '12', '-3.5', '.5'. */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** `text` read as a decimal number, or NaN for anything else ('0x10', '1e3', 'Infinity', ''). */
export function readDecimal(text: string): number {
  return DECIMAL.test(text.trim()) ? Number(text.trim()) : Number.NaN;
}

const { coerceFormValue } = configureCoercion({ type: { number: readDecimal } });

/** Conform's submission of `formData` against `schema` (field errors, typed value on success). */
export function parseForm<Schema extends $ZodType>(formData: FormData | URLSearchParams, { schema }: { schema: Schema }) {
  return parseWithZod(formData, { schema: coerceFormValue(schema), disableAutoCoercion: true });
}
