/** The header's rules (product §2 Top navigation, §6 profile label) for every role combination. */
import { describe, expect, it } from 'vitest';
import { chromeVisibility, isAdminOnly, portalLink, roleLabel } from './nav';

const roles = (b: boolean, i: boolean, a: boolean) => ({ isBorrower: b, isInvestor: i, isAdmin: a });

describe('portalLink', () => {
  it.each([
    ['borrower', roles(true, false, false), '/dashboard/loans', 'Return to Portal'],
    ['borrower and investor', roles(true, true, false), '/dashboard/loans', 'Return to Portal'],
    ['admin who is also a borrower', roles(true, false, true), '/dashboard/loans', 'Return to Portal'],
    ['investor only', roles(false, true, false), '/dashboard/investments', 'Return to Portal'],
    ['admin who is also an investor', roles(false, true, true), '/dashboard/investments', 'Return to Portal'],
    ['admin only', roles(false, false, true), '/admin-dashboard', 'Admin Dashboard'],
    ['no role', roles(false, false, false), '/dashboard/profile', 'Return to Portal'],
  ])('%s → %s labelled %s', (_who, r, to, label) => {
    expect(portalLink(r)).toEqual({ to, label });
  });

  it('admin-only users are the only ones without the public links', () => {
    expect(isAdminOnly(roles(false, false, true))).toBe(true);
    expect(isAdminOnly(roles(true, false, true))).toBe(false);
  });
});

describe('roleLabel', () => {
  it('names the roles as the profile shows them', () => {
    expect(roleLabel(roles(true, true, false))).toBe('Borrower & Investor');
    expect(roleLabel(roles(true, false, false))).toBe('Borrower');
    expect(roleLabel(roles(false, true, true))).toBe('Investor');
    expect(roleLabel(roles(false, false, true))).toBe('User');
  });
});

describe('chromeVisibility', () => {
  it('hides the header on /dashboard, /deal and /admin paths, the footer on /admin paths', () => {
    expect(chromeVisibility('/dashboard/loans')).toEqual({ header: false, footer: true });
    expect(chromeVisibility('/deal/42')).toEqual({ header: false, footer: true });
    expect(chromeVisibility('/admin-login')).toEqual({ header: false, footer: false });
    expect(chromeVisibility('/about')).toEqual({ header: true, footer: true });
  });
});
