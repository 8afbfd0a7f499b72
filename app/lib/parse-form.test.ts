/** parseForm reads numbers in decimal only (issue "Solid ground" 25), and booleans and lists as Conform does. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseForm } from './parse-form';

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
