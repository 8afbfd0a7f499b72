/**
 * The document shell and root loader: company details (from configuration), the signed-in
 * user for the header, and a one-time flash toast. Which scripts a page gets, none, a small inline
 * enhancement, after the first paint or at once, its matched routes declare (`handle.hydrate`
 * and `handle.enhance`, app/lib/route-handle.ts).
 */
// First: settings that must precede every other module in the browser.
import './lib/zod-config';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import appCss from './app.css?url';
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import sourceSerifLatin from '@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-normal.woff2?url';
import { setLenderTimeZone } from './lib/format';
import { useNonce } from './lib/nonce';
import { usePageScripts, type RouteHandle } from './lib/route-handle';
import { RouteErrorPage } from './components/layout/error-page';
import { PageEnhancements } from './components/layout/page-enhancements';
import { ScriptsAfterPaint } from './components/layout/scripts-after-paint';
import { ToastOutlet } from './components/layout/toast-outlet';
import { getRootData } from './server/root-data.server';

/**
 * The stylesheet, and the two fonts every page uses (their Latin files, the ones app.css's
 * @font-face rules pick for English), preloaded so they download beside the stylesheet instead
 * of after it: text rarely paints in a fallback font first, so it rarely shifts when they arrive.
 */
export const links: Route.LinksFunction = () => [
  { rel: 'preload', href: interLatin, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'preload', href: sourceSerifLatin, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'stylesheet', href: appCss },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/** The root renders nothing that needs JavaScript: the flash toast has a server-rendered form. */
export const handle = { hydrate: false } satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  return getRootData({ request, context });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const scripts = usePageScripts();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#11203a" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-[100] rounded-md bg-navy-900 text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-4 focus:py-2"
        >
          Skip to main content
        </a>
        {children}
        {scripts !== 'none' && scripts !== 'enhance' && <ScrollRestoration nonce={nonce} />}
        {scripts === 'enhance' && <PageEnhancements nonce={nonce} />}
        {scripts === 'immediate' && <Scripts nonce={nonce} />}
        {scripts === 'after-paint' && <ScriptsAfterPaint nonce={nonce} />}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  // Before any page renders, in the browser as on the server: dates read the lender's zone.
  setLenderTimeZone(loaderData.timeZone);
  return (
    <>
      <Outlet />
      <ToastOutlet toast={loaderData.toast} />
    </>
  );
}

/** The root loader's data, for any component that needs the user or company details. */
export function useRootData() {
  return useRouteLoaderData<typeof loader>('root');
}

/** Errors of the root loader or a layout without a boundary of its own: the page alone. */
export function ErrorBoundary() {
  return (
    <main id="main" className="flex flex-1 flex-col">
      <RouteErrorPage tone="dark" back={{ to: '/', label: 'Return to Home' }} />
    </main>
  );
}
