/**
 * Page metadata for React Router `meta` exports: title, description, canonical URL and Open
 * Graph tags. `origin` is the site's public origin (root loader `publicUrl`).
 */
import type { MetaDescriptor } from 'react-router';

export interface SeoInput {
  title: string;
  description: string;
  /** Path of the canonical page, e.g. '/about'. */
  path: string;
  /** Public origin, e.g. 'https://ormsbylending.com'. */
  origin: string;
  /** Open Graph image path (default the social card). */
  image?: string;
  noindex?: boolean;
}

export const SITE_NAME = 'Ormsby Lending';

/** The meta descriptors for one page. */
export function seo({ title, description, path, origin, image = '/images/og-card.jpg', noindex }: SeoInput): MetaDescriptor[] {
  const url = `${origin}${path}`;
  const fullTitle = title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: `${origin}${image}` },
    { name: 'twitter:card', content: 'summary_large_image' },
    ...(noindex ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
}

/** The public origin from the root loader's data inside a `meta` function's `matches`. */
export function originFromMatches(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): string {
  const root = matches.find((m) => m?.id === 'root')?.data as { publicUrl?: string } | undefined;
  return root?.publicUrl ?? '';
}
