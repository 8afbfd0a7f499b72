/**
 * THE route table: mirrors the spec's route table (docs/product.md §2) one to one, plus
 * resource routes (auth handler, spam-check challenge, sitemap, robots).
 */
import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

export default [
  layout('routes/public/layout.tsx', [
    index('routes/public/home.tsx'),
    route('about', 'routes/public/about.tsx', { id: 'about' }),
    route('our-company', 'routes/public/about.tsx', { id: 'our-company' }),
    route('borrowers', 'routes/public/borrowers.tsx'),
    route('investors', 'routes/public/investors.tsx'),
    route('contact', 'routes/public/contact.tsx'),
    route('privacy-policy', 'routes/public/privacy-policy.tsx'),
    route('terms-of-service', 'routes/public/terms-of-service.tsx'),
    route('login', 'routes/auth/login.tsx'),
    route('reset-password', 'routes/auth/reset-password.tsx'),
    route('deals', 'routes/public/deals.tsx'),
    route('deal/:id', 'routes/public/deal.tsx'),
    route('*', 'routes/public/not-found.tsx'),
  ]),
  route('admin-login', 'routes/auth/admin-login.tsx'),
  route('logout', 'routes/auth/logout.ts'),
  route('dashboard', 'routes/portal/layout.tsx', [
    index('routes/portal/index.ts'),
    route('loans', 'routes/portal/loans.tsx'),
    route('investments', 'routes/portal/investments.tsx'),
    route('deals', 'routes/portal/deals.tsx', { id: 'portal-deals' }),
    route('profile', 'routes/portal/profile.tsx'),
  ]),
  route('admin-dashboard', 'routes/admin/layout.tsx', [
    index('routes/admin/dashboard.tsx'),
    route('deals', 'routes/admin/deals.tsx', { id: 'admin-deals' }),
    route('deals/new', 'routes/admin/deal-new.tsx'),
    route('deals/:id/edit', 'routes/admin/deal-edit.tsx'),
    route('users', 'routes/admin/users.tsx'),
    route('contacts', 'routes/admin/contacts.tsx'),
    route('settings', 'routes/admin/settings.tsx'),
    route('mail', 'routes/admin/mail.tsx'),
    route('audit', 'routes/admin/audit.tsx'),
  ]),
  route('terms', 'routes/resources/legal-redirect.ts', { id: 'terms-redirect' }),
  route('privacy', 'routes/resources/legal-redirect.ts', { id: 'privacy-redirect' }),
  route('api/auth/*', 'routes/resources/api.auth.ts'),
  route('avatars/*', 'routes/resources/avatar.ts'),
  route('dashboard/loans/documents', 'routes/resources/document-upload.ts'),
  route('documents/:id/download', 'routes/resources/document-download.ts'),
  route('deals/:id/interest', 'routes/resources/deal-interest.ts'),
  route('deals/:id/prospectus', 'routes/resources/prospectus.ts'),
  route('deal-images/*', 'routes/resources/deal-image.ts'),
  route('admin-dashboard/users/:id/details', 'routes/resources/admin-user-details.ts'),
  route('api/altcha/challenge', 'routes/resources/altcha-challenge.ts'),
  route('sitemap.xml', 'routes/resources/sitemap.ts'),
  route('robots.txt', 'routes/resources/robots.ts'),
] satisfies RouteConfig;
