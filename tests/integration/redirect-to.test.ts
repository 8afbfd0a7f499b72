/**
 * `safeRedirectTo` (issue 22, defect 2): the one gate for every `redirectTo` of the site (the
 * sign-in pages, the second step, enrolment, the guards). What it keeps is the path a browser
 * would go to, after dot segments and percent-encoded dots are resolved, and it must never be
 * another host: not `//host`, `/\host`, nor a path that becomes one of them once parsed.
 */
import { describe, expect, it } from 'vitest';
import { requestedPath, safeRedirectTo } from '~/server/guards.server';

/** Values kept, with the path a browser would go to. */
const KEPT: [string, string][] = [
  ['/', '/'],
  ['/dashboard', '/dashboard'],
  ['/dashboard/', '/dashboard/'],
  ['/dashboard/profile?tab=security', '/dashboard/profile?tab=security'],
  ['/dashboard#documents', '/dashboard#documents'],
  ['/admin-dashboard/users?q=a%20b&page=2', '/admin-dashboard/users?q=a%20b&page=2'],
  ['/a/../dashboard', '/dashboard'],
  ['/./dashboard', '/dashboard'],
  ['/%2e/dashboard', '/dashboard'],
  ['/a/b/../../dashboard/loans', '/dashboard/loans'],
  ['/..', '/'],
  ['/../dashboard', '/dashboard'],
  // '//' after the path is part of the query or fragment, not a host.
  ['/deal/abc?back=//evil.example', '/deal/abc?back=//evil.example'],
  ['/dashboard?next=https://evil.example/', '/dashboard?next=https://evil.example/'],
  ['/dashboard#//evil.example', '/dashboard#//evil.example'],
  // Encoded slashes and backslashes stay encoded: a browser reads them as one path segment.
  ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ['/%5Cevil.example', '/%5Cevil.example'],
  ['/.%2f/evil.example', '/.%2f/evil.example'],
  ['/%09/evil.example', '/%09/evil.example'],
  // Not a dot segment ('...' is a name), so the path keeps its single leading slash.
  ['/.../evil.example', '/.../evil.example'],
];

/** Values refused (null): the caller's default applies. */
const REFUSED: [string, unknown][] = [
  // Dot segments that leave '//host' once resolved (the defect).
  ['dot then double slash', '/.//evil.example'],
  ['segment, dot-dot, double slash', '/a/..//evil.example'],
  ['encoded dot', '/%2e//evil.example'],
  ['encoded dot, capital', '/%2E//evil.example'],
  ['half-encoded dot-dot', '/.%2e//evil.example'],
  ['encoded dot-dot', '/%2e%2e//evil.example'],
  ['dot-dot at the root', '/..//evil.example'],
  ['two segments back', '/a/b/../..//evil.example'],
  ['more dot-dots than segments', '/a/../../..//evil.example'],
  ['two dots', '/././/evil.example'],
  ['three slashes after a dot', '/.///evil.example'],
  ['mixed encoded dot-dot', '/a/.%2E//evil.example'],
  ['with path and query', '/.//evil.example/path?x=1'],
  ['dot, encoded dot, dot', '/./%2e/.//evil.example'],
  // Another host outright.
  ['protocol-relative', '//evil.example'],
  ['three slashes', '///evil.example'],
  ['slash backslash', '/\\evil.example'],
  ['dot then backslash', '/.\\/evil.example'],
  ['backslash inside', '/dashboard\\..\\..\\/evil.example'],
  ['two backslashes', '\\\\evil.example'],
  ['absolute https', 'https://evil.example/'],
  ['absolute http, same path shape', 'http://localhost:3000/dashboard'],
  ['scheme without slashes', 'http:evil.example'],
  ['javascript', 'javascript:alert(1)'],
  ['data', 'data:text/html,<script>alert(1)</script>'],
  ['bare host', 'evil.example'],
  ['relative path', 'dashboard'],
  // Characters URL parsers drop or fold, and that cannot travel in a Location header.
  ['tab', '/\t/evil.example'],
  ['newline', '/\n/evil.example'],
  ['CRLF', '/\r\n/evil.example'],
  ['vertical tab', '/\v/evil.example'],
  ['form feed', '/\f/evil.example'],
  ['NUL', '/\u0000/evil.example'],
  ['C1 control', '/\u0085/evil.example'],
  ['space', '/ /evil.example'],
  ['no-break space', '/\u00a0/evil.example'],
  ['ideographic space', '/\u3000/evil.example'],
  ['line separator', '/\u2028/evil.example'],
  // Not a path at all.
  ['empty', ''],
  ['null', null],
  ['undefined', undefined],
  ['a file', new File(['x'], '/dashboard')],
  ['over 2,000 characters', `/${'a'.repeat(2000)}`],
];

describe('safeRedirectTo', () => {
  it.each(KEPT)('keeps %j as %j', (value, expected) => {
    expect(safeRedirectTo(value)).toBe(expected);
  });

  it.each(REFUSED)('refuses %s', (_name, value) => {
    expect(safeRedirectTo(value as string | null | undefined)).toBeNull();
  });

  it('covers at least 40 variants, and nothing it keeps is another host to a browser', () => {
    expect(KEPT.length + REFUSED.length).toBeGreaterThanOrEqual(40);
    for (const [value] of [...KEPT, ...REFUSED]) {
      const kept = safeRedirectTo(value as string | null | undefined);
      if (kept === null) continue;
      expect(new URL(kept, 'https://ormsby.example').origin, JSON.stringify(value)).toBe('https://ormsby.example');
      expect(kept).toMatch(/^\/(?![/\\])/);
    }
  });
});

describe('requestedPath', () => {
  it('is a path of this site even when the request line starts with two slashes', () => {
    expect(requestedPath(new Request('http://localhost:3000/dashboard/profile.data?tab=x&_routes=a'))).toBe(
      '/dashboard/profile?tab=x',
    );
    const path = requestedPath(new Request('http://localhost:3000//evil.example/dashboard'));
    expect(new URL(path, 'https://ormsby.example').origin).toBe('https://ormsby.example');
  });
});
