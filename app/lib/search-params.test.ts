import { expect, it } from 'vitest';
import { z } from 'zod';
import { listParam, pageParam, parseDealQuery, parseSearch, searchParam } from '~/lib/search-params';
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

// Issue 22, defect 6: a page is digits only; anything else falls back to page 1.
it.each(['2abc', '2.0', '+2', ' 2', '2 ', '2e0', '0', '100001', ''])('reads page %j as page 1', (page) => {
  const s = z.object({ page: pageParam });
  expect(parseSearch(new URL(`http://x/?page=${encodeURIComponent(page)}`), s).page).toBe(1);
});

it("reads the deal lists' filter and page strictly", () => {
  expect(parseDealQuery(new URL('http://x/deals?type=commercial&page=2'))).toEqual({ filter: 'commercial', page: 2 });
  expect(parseDealQuery(new URL('http://x/deals?type=nope&page=2abc'))).toEqual({ filter: 'all', page: 1 });
  expect(parseDealQuery(new URL('http://x/deals?page=100000'))).toEqual({ filter: 'all', page: 100_000 });
});
