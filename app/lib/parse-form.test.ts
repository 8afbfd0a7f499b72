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

describe('parseForm: money fields (`dollars`, the MoneyField)', () => {
  const schema = z.object({ amount: z.number({ error: 'Amount is required' }).int('Whole dollars only'), note: z.string() });
  const read = (amount: string, dollars: readonly string[] = ['amount']) => {
    const result = parseForm(
      form([
        ['amount', amount],
        ['note', '$1,000'],
      ]),
      { schema, dollars },
    );
    return result.status === 'success' ? result.value : result.reply().error?.amount;
  };
  it.each(['$1,250,000', '1,250,000', '1250000', '$ 1 250 000'])('reads %j as 1250000', (amount) => {
    expect(read(amount)).toEqual({ amount: 1_250_000, note: '$1,000' });
  });
  it('reads other fields as written, and money only where named', () => {
    expect(read('1,250,000', [])).toEqual(['Amount is required']);
  });
  it.each(['1.5', '$1,250.50'])('still refuses %j: whole dollars only', (amount) => {
    expect(read(amount)).toEqual(['Whole dollars only']);
  });
  it('reads URL search parameters too (a GET form)', () => {
    const result = parseForm(new URLSearchParams('amount=%24500%2C000&note=x'), { schema, dollars: ['amount'] });
    expect(result.status === 'success' && result.value.amount).toBe(500_000);
  });
});
