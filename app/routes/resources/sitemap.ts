import { textAnswer } from '~/server/answers.server';
import { env } from '~/server/env.server';

/** The public pages listed in sitemap.xml (product §2 route table, public routes). */
export const sitemapPaths = [
  '/',
  '/about',
  '/borrowers',
  '/investors',
  '/contact',
  '/privacy-policy',
  '/terms-of-service',
] as const;

/** sitemap.xml for search engines. */
export function loader() {
  const origin = env().PUBLIC_URL;
  const urls = sitemapPaths
    .map((p) => `  <url><loc>${origin}${p}</loc><changefreq>${p.includes('-') ? 'yearly' : 'monthly'}</changefreq></url>`)
    .join('\n');
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return textAnswer(xml, 'application/xml', 3600);
}
