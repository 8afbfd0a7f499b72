/**
 * parseForm reads numbers in decimal only (issue "Solid ground" 25), whole numbers as digits only
 * (issue 22, defect 6), and booleans and lists as Conform does.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseForm, readWholeNumber } from './parse-form';

const schema = z.object({ rate: z.number(), agree: z.boolean().default(false), tags: z.array(z.string()).default([]) });
const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [k, v] of entries) data.append(k, v);
  return data;
};

describe('parseForm', () => {
  it.each(['12', '12.5', '-3', '.5', ' 7 '])('reads %j as a number', (rate) => {
    const result = parseForm(form([['rate', rate]]), { schema });
    expect(result.status).toBe('success');
    expect(result.status === 'success' && result.value.rate).toBe(Number(rate));
  });
  it.each(['0x10', '1e3', '0b1', '0o7', 'Infinity', '12abc', '1,000', ''])('refuses %j', (rate) => {
    expect(parseForm(form([['rate', rate]]), { schema }).status).toBe('error');
  });
  it('reads checkboxes and repeated fields', () => {
    const result = parseForm(
      form([
        ['rate', '1'],
        ['agree', 'on'],
        ['tags', 'a'],
        ['tags', 'b'],
      ]),
      { schema },
    );
    expect(result.status === 'success' && result.value).toEqual({ rate: 1, agree: true, tags: ['a', 'b'] });
  });
});

describe('readWholeNumber', () => {
  it.each([
    ['0', 0],
    ['5', 5],
    ['007', 7],
    ['250000', 250_000],
    ['9007199254740991', Number.MAX_SAFE_INTEGER],
  ])('reads %j as %d', (text, n) => {
    expect(readWholeNumber(text)).toBe(n);
  });
  it.each([
    ' 5',
    '5 ',
    '+5',
    '-5',
    '-0',
    '5.0',
    '5.',
    '.5',
    '2abc',
    '1e3',
    '0x10',
    '1,000',
    '1_000',
    '',
    ' ',
    'Infinity',
    'NaN',
    '9007199254740992',
    '１２',
    '٣',
  ])('refuses %j', (text) => {
    expect(readWholeNumber(text)).toBeNaN();
  });
});

describe('parseForm: a whole-number field (.int())', () => {
  const whole = z.object({
    months: z
      .number({ error: 'Term is required' })
      .int('Please enter a whole number of months')
      .min(1, 'Must be at least 1')
      .optional(),
  });
  const errorsOf = (months: string) => {
    const result = parseForm(form([['months', months]]), { schema: whole });
    return result.status === 'success' ? result.value : result.reply().error?.months;
  };
  it.each(['1', '12', '360', '0012'])('takes %j', (months) => {
    expect(errorsOf(months)).toEqual({ months: Number(months) });
  });
  it.each([' 12', '12 ', '+12', '12.0', '12.5', '-12', '99999999999999999999'])(
    'refuses %j with its whole-number message',
    (months) => {
      expect(errorsOf(months)).toContain('Please enter a whole number of months');
    },
  );
  it.each(['twelve', '1e1', '0x10'])('refuses %j, not a number, with its type message', (months) => {
    expect(errorsOf(months)).toEqual(['Term is required']);
  });
  it('takes none when optional', () => {
    expect(errorsOf('')).toEqual({});
  });
  it('keeps its range message for a whole number out of range', () => {
    expect(errorsOf('0')).toEqual(['Must be at least 1']);
  });
});
