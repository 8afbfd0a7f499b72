/**
 * The fixed site header (product §2 "Top navigation"): the public links for signed-out users and
 * for signed-in users who are not admin-only, the current page highlighted (aria-current),
 * Sign Up (signed out) or Sign Out plus the portal link (signed in), and under 768px a
 * slide-in menu (a side sheet loaded on demand: focus is trapped, Escape and the close button
 * close it).
 * The logo links to / except on the home page. Clicking a link scrolls to the top.
 */
import { Menu } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Form, Link, NavLink, useLocation } from 'react-router';
import { BrandMark } from './brand';
import { buttonClasses } from '~/components/ui/button';
import { LazySheet, preloadSheet } from '~/components/ui/lazy-sheet';
import { cn } from '~/lib/cn';
import { isAdminOnly, portalLink, publicNavLinks } from '~/lib/nav';
import type { Viewer } from '~/server/viewer.server';

function scrollToTop() {
  window.scrollTo({ top: 0 });
}

/** The sign-out form: POST /logout, which signs out and returns to / (issue 3). */
function SignOutButton({ className, onSubmit }: { className?: string; onSubmit?: () => void }) {
  return (
    <Form method="post" action="/logout" onSubmit={onSubmit}>
      <button type="submit" className={className}>
        Sign Out
      </button>
    </Form>
  );
}

export function SiteHeader({ viewer }: { viewer: Viewer | null }) {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const [scrolled, setScrolled] = useState(false);
  const showPublic = !viewer || !isAdminOnly(viewer);
  const portal = viewer ? portalLink(viewer) : null;

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 8);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const closeMenu = () => setMenuOpen(false);
  const navClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      'relative rounded-md px-3 py-2 text-sm font-medium transition-colors',
      isActive
        ? 'text-brass-300 after:absolute after:inset-x-3 after:-bottom-0.5 after:h-0.5 after:bg-brass-400'
        : 'text-navy-100 hover:text-white',
    );

  return (
    <header
      className={cn(
        'fixed inset-x-0 top-0 z-50 text-white transition-[background-color,box-shadow] duration-300',
        'bg-navy-950',
        scrolled && 'shadow-lg shadow-navy-950/25',
      )}
    >
      <nav aria-label="Main" className="container-page flex h-18 items-center justify-between gap-6">
        {pathname === '/' ? (
          <span>
            <BrandMark />
          </span>
        ) : (
          <Link to="/" onClick={scrollToTop} className="flex min-h-11 items-center rounded-md">
            <BrandMark />
            <span className="sr-only"> – home</span>
          </Link>
        )}

        <div className="hidden items-center gap-1 md:flex">
          {showPublic && (
            <ul className="flex items-center gap-1">
              {publicNavLinks.map((l) => (
                <li key={l.to}>
                  <NavLink to={l.to} className={navClass} onClick={scrollToTop}>
                    {l.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          )}
          <div className="ml-4 flex items-center gap-2">
            {viewer ? (
              <>
                <SignOutButton className={buttonClasses('inverse', 'sm')} />
                <Link to={portal!.to} className={buttonClasses('primary', 'sm')}>
                  {portal!.label}
                </Link>
              </>
            ) : (
              <Link to="/login?signup=true" className={buttonClasses('primary', 'sm')}>
                Sign Up
              </Link>
            )}
          </div>
        </div>

        <button
          ref={menuButton}
          type="button"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
          onPointerEnter={preloadSheet}
          onTouchStart={preloadSheet}
          onFocus={preloadSheet}
          className="inline-flex size-11 items-center justify-center rounded-md text-white hover:bg-white/10 md:hidden"
        >
          <Menu className="size-6" aria-hidden />
          <span className="sr-only">Open menu</span>
        </button>
        <LazySheet open={menuOpen} onOpenChange={setMenuOpen} title="Menu" closeLabel="Close menu" returnFocus={menuButton}>
          <nav aria-label="Mobile" className="mt-6 flex flex-1 flex-col">
            {showPublic && (
              <ul className="flex flex-col gap-1 border-b border-white/10 pb-6">
                {publicNavLinks.map((l) => (
                  <li key={l.to}>
                    <NavLink
                      to={l.to}
                      onClick={() => {
                        closeMenu();
                        scrollToTop();
                      }}
                      className={({ isActive }) =>
                        cn(
                          'block rounded-lg px-3 py-3 text-lg font-medium',
                          isActive ? 'bg-white/5 text-brass-300' : 'text-navy-100 hover:bg-white/5 hover:text-white',
                        )
                      }
                    >
                      {l.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            )}
            <div className="mt-6 flex flex-col gap-3">
              {viewer ? (
                <>
                  <Link to={portal!.to} onClick={closeMenu} className={buttonClasses('primary', 'md')}>
                    {portal!.label}
                  </Link>
                  <SignOutButton className={buttonClasses('inverse', 'md', 'w-full')} onSubmit={closeMenu} />
                </>
              ) : (
                <Link to="/login?signup=true" onClick={closeMenu} className={buttonClasses('primary', 'md')}>
                  Sign Up
                </Link>
              )}
            </div>
          </nav>
        </LazySheet>
      </nav>
    </header>
  );
}
