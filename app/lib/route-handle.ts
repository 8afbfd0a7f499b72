/**
 * What a route module declares about the scripts of the document around it, in its `handle`
 * export (docs/architecture.md "Pages and their scripts"; issue "First impression", Speed):
 *
 *   export const handle = { hydrate: false } satisfies RouteHandle;
 *
 * - `hydrate: false`: nothing the route renders needs JavaScript (links, native `<dialog>` and
 *   `<details>`, radio buttons, CSS animation). When every matched route says so (the root,
 *   the layout and the page), the root `Layout` leaves out `<Scripts/>` and
 *   `<ScrollRestoration/>`: no module script, no modulepreload, no hydration.
 * - `hydrate: 'after-paint'`: the page is complete as HTML and needs JavaScript only for its
 *   forms; its scripts are fetched once the page has painted (`ScriptsAfterPaint`), so they
 *   do not compete with the stylesheet, the fonts and the hero image.
 * - absent or `true`: the scripts load at once, as React Router sends them.
 *
 * The most demanding match decides: one route without the declaration loads scripts at once.
 */
import { useMatches } from 'react-router';
import { useHydrated } from './use-hydrated';

/** The `handle` export of a route module. */
export interface RouteHandle {
  /** How this route needs JavaScript: not at all, after the first paint, or at once (default). */
  hydrate?: boolean | 'after-paint';
}

/** How a document loads its scripts: none, after the first paint, or at once. */
export type PageScripts = 'none' | 'after-paint' | 'immediate';

/** The scripts a page with these matched routes needs (an empty list loads them at once). */
export function pageScripts(matches: readonly { handle?: unknown }[]): PageScripts {
  const wants = matches.map((match) => (match.handle as RouteHandle | undefined)?.hydrate ?? true);
  if (wants.length === 0 || wants.includes(true)) return 'immediate';
  return wants.includes('after-paint') ? 'after-paint' : 'none';
}

/**
 * This document's scripts (`pageScripts` of the current matches). Once a page has hydrated it is
 * never 'none', so a client-side navigation to a page that declares `hydrate: false` keeps
 * ScrollRestoration mounted.
 */
export function usePageScripts(): PageScripts {
  const scripts = pageScripts(useMatches());
  const hydrated = useHydrated();
  return hydrated && scripts === 'none' ? 'immediate' : scripts;
}

/** True when this document runs React in the browser (its scripts are not 'none'). */
export function usePageHydrates(): boolean {
  return usePageScripts() !== 'none';
}
