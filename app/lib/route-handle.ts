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
 *
 * A page that does not hydrate may still need a little behaviour (issue 26, Speed: the ALTCHA
 * widget of /contact, the password toggle of /login): `enhance` names a function the root
 * `Layout` writes into one inline, nonce'd script at the end of the body (`PageEnhancements`),
 * run as the HTML is parsed. It is serialised with `Function.prototype.toString`, so it must be
 * self-contained (no imports, no outer variables), take no arguments, read what it needs from
 * the DOM (data attributes) and be safe to run twice. No React Router client is loaded.
 */
import { useMatches } from 'react-router';
import { useHydrated } from './use-hydrated';

/** The `handle` export of a route module. */
export interface RouteHandle {
  /** How this route needs JavaScript: not at all, after the first paint, or at once (default). */
  hydrate?: boolean | 'after-paint';
  /**
   * For a page that does not hydrate: a self-contained function run inline once the page's HTML
   * is parsed (see above). Ignored when the page hydrates.
   */
  enhance?: () => void;
}

/**
 * How a document loads its scripts: none, only its inline enhancements (no React), after the
 * first paint, or at once.
 */
export type PageScripts = 'none' | 'enhance' | 'after-paint' | 'immediate';

/** The scripts a page with these matched routes needs (an empty list loads them at once). */
export function pageScripts(matches: readonly { handle?: unknown }[]): PageScripts {
  const wants = matches.map((match) => (match.handle as RouteHandle | undefined)?.hydrate ?? true);
  if (wants.length === 0 || wants.includes(true)) return 'immediate';
  if (wants.includes('after-paint')) return 'after-paint';
  return pageEnhancements(matches).length ? 'enhance' : 'none';
}

/** The `enhance` functions these matched routes declare, each once, outermost first. */
export function pageEnhancements(matches: readonly { handle?: unknown }[]): (() => void)[] {
  const found = matches.map((match) => (match.handle as RouteHandle | undefined)?.enhance);
  return [...new Set(found.filter((fn): fn is () => void => typeof fn === 'function'))];
}

/**
 * This document's scripts (`pageScripts` of the current matches). Once a page has hydrated it is
 * never 'none' nor 'enhance', so a client-side navigation to a page that declares
 * `hydrate: false` keeps ScrollRestoration mounted (its components then run their enhancement
 * themselves, from an effect).
 */
export function usePageScripts(): PageScripts {
  const scripts = pageScripts(useMatches());
  const hydrated = useHydrated();
  return hydrated && (scripts === 'none' || scripts === 'enhance') ? 'immediate' : scripts;
}

/** True when this document runs React in the browser (its scripts are neither 'none' nor 'enhance'). */
export function usePageHydrates(): boolean {
  const scripts = usePageScripts();
  return scripts !== 'none' && scripts !== 'enhance';
}
