import { Outlet, useLocation } from 'react-router';
import { SiteHeader } from '~/components/layout/site-header';
import { SiteFooter } from '~/components/layout/site-footer';
import { chromeVisibility } from '~/lib/nav';
import { useRootData } from '~/root';

/** Public pages: the fixed header and the footer around the page (product §2). */
export default function PublicLayout() {
  const { pathname } = useLocation();
  const root = useRootData();
  const { header, footer } = chromeVisibility(pathname);
  return (
    <>
      {header && <SiteHeader viewer={root?.viewer ?? null} />}
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      {footer && root && <SiteFooter company={root.company} />}
    </>
  );
}
