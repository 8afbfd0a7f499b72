/**
 * The document shell and root loader: company details (from configuration), the signed-in
 * user for the header, and a one-time flash toast.
 */
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import appCss from './app.css?url';
import { setLenderTimeZone } from './lib/format';
import { useNonce } from './lib/nonce';
import { ToastOutlet } from './components/layout/toast-outlet';
import { getRootData } from './server/root-data.server';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: appCss },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  return getRootData({ request, context });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
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
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 404 ? 'Oops! Page not found' : status === 503 ? "We'll be right back" : 'Something went wrong';
  const message =
    status === 404
      ? 'The page you are looking for does not exist.'
      : status === 503
        ? 'The site cannot reach its records for a moment. Please try again in a minute.'
        : 'An unexpected error occurred. Please try again.';
  return (
    <main id="main" className="container-page flex flex-1 flex-col items-center justify-center py-24 text-center">
      <p className="eyebrow">Error {status}</p>
      <h1 className="mt-3 text-4xl">{title}</h1>
      <p className="mt-4 text-muted">{message}</p>
      <a href="/" className="mt-8 rounded-md bg-navy-900 px-5 py-3 font-medium text-white hover:bg-navy-800">
        Return to Home
      </a>
    </main>
  );
}
