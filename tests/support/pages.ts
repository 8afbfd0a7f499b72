/** The public and account pages every page-wide check visits (axe, layout at 390 and 1280 px). */
export const publicPages = [
  '/',
  '/about',
  '/borrowers',
  '/investors',
  '/contact',
  '/privacy-policy',
  '/terms-of-service',
  '/login',
  '/login?signup=true',
  '/admin-login',
  '/reset-password?token=example',
  '/no-such-page',
];
