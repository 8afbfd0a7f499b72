/**
 * Header and portal navigation rules (product §2 "Top navigation", "Route table").
 */
export interface Roles {
  isBorrower: boolean;
  isInvestor: boolean;
  isAdmin: boolean;
}

/** The public links; admin-only users do not see them (product §2 Top navigation). */
export const publicNavLinks = [
  { to: '/borrowers', label: 'Borrowers' },
  { to: '/investors', label: 'Investors' },
  { to: '/about', label: 'About Us' },
  { to: '/contact', label: 'Contact Us' },
] as const;

/** True for a signed-in admin with neither the borrower nor the investor role. */
export function isAdminOnly(roles: Roles): boolean {
  return roles.isAdmin && !roles.isBorrower && !roles.isInvestor;
}

/**
 * The header's portal link: label 'Admin Dashboard' for admin-only users, else 'Return to
 * Portal'; target by role (borrower or both: loans; investor only: investments; admin only:
 * admin dashboard; no role: profile).
 */
export function portalLink(roles: Roles): { to: string; label: string } {
  const label = isAdminOnly(roles) ? 'Admin Dashboard' : 'Return to Portal';
  if (roles.isBorrower) return { to: '/dashboard/loans', label };
  if (roles.isInvestor) return { to: '/dashboard/investments', label };
  if (roles.isAdmin) return { to: '/admin-dashboard', label };
  return { to: '/dashboard/profile', label };
}

/** The header is hidden on paths starting /dashboard, /deal or /admin; the footer on /admin. */
export function chromeVisibility(pathname: string): { header: boolean; footer: boolean } {
  const hiddenHeader = /^\/(dashboard|deal|admin)/.test(pathname);
  return { header: !hiddenHeader, footer: !pathname.startsWith('/admin') };
}

/** The profile label (product §6): 'Borrower & Investor', 'Borrower', 'Investor' or 'User'. */
export function roleLabel(roles: Roles): string {
  if (roles.isBorrower && roles.isInvestor) return 'Borrower & Investor';
  if (roles.isBorrower) return 'Borrower';
  if (roles.isInvestor) return 'Investor';
  return 'User';
}
