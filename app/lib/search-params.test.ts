import { expect, it } from 'vitest';
import { z } from 'zod';
import { listParam, pageParam, parseSearch, searchParam } from '~/lib/search-params';
it('parses', () => {
  const s = z.object({ q: searchParam, page: pageParam, status: listParam(['Active', 'Closed']) });
  expect(parseSearch(new URL('http://x/?q=%20hi%20&page=3&status=Active&status=Nope&status=Closed'), s)).toEqual({
    q: 'hi',
    page: 3,
    status: ['Active', 'Closed'],
  });
  expect(parseSearch(new URL('http://x/?page=0x10'), s)).toEqual({ q: '', page: 1, status: [] });
  expect(parseSearch(new URL('http://x/?page=-2'), s).page).toBe(1);
});
