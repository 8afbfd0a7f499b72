import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseForm } from '~/lib/parse-form';
import {
  checkboxField,
  dayField,
  emailField,
  optionalTextField,
  phoneField,
  reasonField,
  textField,
  wholeNumberField,
} from './fields';

/** The answer of a one-field form `{ v: value }` read through parseForm: its value or its messages. */
function read(field: z.ZodType, value: string) {
  const form = new FormData();
  form.set('v', value);
  const submission = parseForm(form, { schema: z.object({ v: field }) });
  return submission.status === 'success' ? { value: (submission.value as { v: unknown }).v } : { errors: submission.error?.v };
}

describe('shared form fields', () => {
  it('reads a whole number as digits only, with the form’s messages', () => {
    const field = wholeNumberField(1, 1000, { required: 'Amount is required', whole: 'Whole dollars, please' });
    expect(read(field, '250')).toEqual({ value: 250 });
    expect(read(field, '1e3')).toEqual({ errors: ['Amount is required'] });
    expect(read(field, '5.0')).toEqual({ errors: ['Whole dollars, please'] });
    expect(read(field, '0')).toEqual({ errors: ['Must be at least 1'] });
    expect(read(field, '1001')).toEqual({ errors: ['Must be at most 1,000'] });
    expect(read(wholeNumberField(0, 10, 'One message'), '11')).toEqual({ errors: ['One message'] });
  });

  it('gives a day that is no day one message, before the form’s own checks', () => {
    const field = dayField('Date is required', 'Please enter a date').refine((d) => d >= '2026-01-01', 'Too early');
    expect(read(field, ' 2026-03-01 ')).toEqual({ value: '2026-03-01' });
    expect(read(field, '2026-02-30')).toEqual({ errors: ['Please enter a date'] });
    expect(read(field, '1 March')).toEqual({ errors: ['Please enter a date'] });
    expect(read(field, '2025-12-31')).toEqual({ errors: ['Too early'] });
  });

  it('trims and lowercases an e-mail, and refuses one that is not', () => {
    expect(read(emailField('Email is required'), ' A@B.Example ')).toEqual({ value: 'a@b.example' });
    expect(read(emailField('Email is required'), '   ')).toEqual({ errors: ['Email is required'] });
    expect(read(emailField(), 'not-mail')).toEqual({ errors: ['Please enter a valid email address.'] });
  });

  it('keeps text within its bounds; blank optional text and phone are absent', () => {
    const name = textField({ min: 2, max: 5, required: 'Too short', tooLong: 'Too long' });
    expect(read(name, ' ab ')).toEqual({ value: 'ab' });
    expect(read(name, 'a')).toEqual({ errors: ['Too short'] });
    expect(read(name, 'abcdef')).toEqual({ errors: ['Too long'] });
    expect(read(optionalTextField({ max: 3, tooLong: 'Long' }), '   ')).toEqual({ value: undefined });
    expect(read(optionalTextField({ max: 3, tooLong: 'Long' }), 'abcd')).toEqual({ errors: ['Long'] });
    expect(read(phoneField({ invalid: 'Bad phone' }), '  ')).toEqual({ value: undefined });
    expect(read(phoneField({ invalid: 'Bad phone' }), '(702) 555-0100')).toEqual({ value: '(702) 555-0100' });
    expect(read(phoneField({ invalid: 'Bad phone' }), 'call me')).toEqual({ errors: ['Bad phone'] });
    expect(read(reasonField('Why?', 'Shorter'), 'ok')).toEqual({ errors: ['Why?'] });
    expect(read(reasonField('Why?', 'Shorter'), 'x'.repeat(501))).toEqual({ errors: ['Shorter'] });
  });

  it('reads a checkbox as readIntent passes it: ticked is "on", unticked is absent, anything else is refused', () => {
    const form = z.object({ v: checkboxField() });
    expect(form.safeParse({ v: 'on' })).toMatchObject({ success: true, data: { v: true } });
    expect(form.safeParse({})).toMatchObject({ success: true, data: { v: false } });
    expect(form.safeParse({ v: 'yes' }).success).toBe(false);
    expect(form.safeParse({ v: 'true' }).success).toBe(false);
  });
});
