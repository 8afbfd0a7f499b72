import { textAnswer } from '~/server/answers.server';
import { env } from '~/server/env.server';

/** robots.txt: public pages open, portals and APIs closed, sitemap linked. */
export function loader() {
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /admin-dashboard',
    'Disallow: /admin-login',
    'Disallow: /api/',
    '',
    `Sitemap: ${env().PUBLIC_URL}/sitemap.xml`,
    '',
  ].join('\n');
  return textAnswer(body, 'text/plain', 3600);
}
