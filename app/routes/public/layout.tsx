import type { ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { RouteErrorPage } from '~/components/layout/error-page';
import { SiteHeader } from '~/components/layout/site-header';
import { SiteFooter } from '~/components/layout/site-footer';
import { chromeVisibility } from '~/lib/nav';
import { useRootData } from '~/root';
import type { RouteHandle } from '~/lib/route-handle';

export const handle = { hydrate: false } satisfies RouteHandle;

/** The fixed header and the footer around a public page (product §2). */
function PublicFrame({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const root = useRootData();
  const { header, footer } = chromeVisibility(pathname);
  return (
    <>
      {header && <SiteHeader viewer={root?.viewer ?? null} />}
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {children}
      </main>
      {footer && root && <SiteFooter company={root.company} />}
    </>
  );
}

export default function PublicLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}

/** A public page that fails keeps the header and the footer. */
export function ErrorBoundary() {
  return (
    <PublicFrame>
      <div className="flex flex-1 flex-col bg-ivory pt-18">
        <RouteErrorPage back={{ to: '/', label: 'Return to Home' }} />
      </div>
    </PublicFrame>
  );
}
