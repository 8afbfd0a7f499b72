/** The one classifier of "database out of reach" errors (issue 22, defect 4), by code, message and cause. */
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.server';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    '08000',
    '08001',
    '08003',
    '08006',
    '08P01',
    '28000',
    '28P01',
    '3D000',
    '53000',
    '53300',
    '55000',
    '57P01',
    '57P02',
    '57P03',
    '57P04',
    '57P05',
    'ECONNREFUSED',
    'ECONNRESET',
    'ETIMEDOUT',
    'ENOTFOUND',
    'EAI_AGAIN',
    'EHOSTUNREACH',
    'ENETUNREACH',
    'EPIPE',
  ])('is true for code %s, alone and wrapped as a cause twice', (code) => {
    expect(isDatabaseUnavailable(withCode(code))).toBe(true);
    const drizzle = new Error('Failed query: select 1', { cause: withCode(code) });
    expect(isDatabaseUnavailable(new Error('better-auth', { cause: drizzle }))).toBe(true);
  });

  it.each([
    'Connection terminated unexpectedly',
    'Connection terminated due to connection timeout',
    'timeout exceeded when trying to connect',
  ])('is true for node-postgres\'s "%s"', (message) => {
    expect(isDatabaseUnavailable(new Error(message))).toBe(true);
  });

  it('is true for an AggregateError of refused addresses', () => {
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]))).toBe(true);
  });

  it.each(['23505', '23503', '42P01', '22P02', '40001', '57014', 'ENOENT', 'EACCES'])('is false for code %s', (code) => {
    expect(isDatabaseUnavailable(withCode(code))).toBe(false);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: withCode(code) }))).toBe(false);
  });

  it('is false for plain errors and non-errors', () => {
    for (const value of [new Error('boom'), null, undefined, 'ECONNREFUSED', 42, {}])
      expect(isDatabaseUnavailable(value)).toBe(false);
  });

  it('ends on a cycle of causes', () => {
    const a: Error & { cause?: unknown } = new Error('a');
    a.cause = new Error('b', { cause: a });
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});
