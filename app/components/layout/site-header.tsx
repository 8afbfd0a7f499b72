/**
 * The fixed site header (product §2 "Top navigation"): the public links for signed-out users and
 * for signed-in users who are not admin-only, the current page highlighted (aria-current),
 * Sign In beside Sign Up (signed out) or Sign Out plus the portal link (signed in), and under 768px a
 * slide-in menu holding the same links and buttons. The logo links to / except on the home
 * page. Clicking a link scrolls to the top.
 *
 * It works without JavaScript, since the marketing pages ship none (app/lib/route-handle.ts):
 * - The menu is a modal `<dialog>` that its button opens through invoker commands
 *   (`commandfor`, `command="show-modal"`). The browser traps focus in it, closes it with Escape,
 *   its close button or a click on the backdrop (`closedby="any"`), and gives focus back to the
 *   button. Browsers without invoker commands (before Chrome 135, Firefox 144, Safari 26.2) use
 *   the same element as a `popover` (`popovertarget`) instead: not modal, but it opens, and
 *   closes with Escape, its close button or a click outside. Chromium notes in its console, on
 *   each click, that it ignores `popovertarget` next to `commandfor`.
 *   The page behind does not scroll along with the menu (`overscroll-behavior: contain`); a
 *   CSS scroll lock (`html:has(dialog:modal)`) was left out, as it made every DOM insertion
 *   re-check the whole document.
 * - The shadow under the header appears on scroll through a scroll-driven animation
 *   (`.header-scroll-shadow` in app.css).
 * On a hydrated page a link navigates without a reload, so it closes the menu itself.
 */
import { Menu, X } from 'lucide-react';
import { Form, Link, NavLink, useLocation } from 'react-router';
import { BrandMark } from './brand';
import { buttonClasses } from '~/components/ui/button';
import { cn } from '~/lib/cn';
import { isAdminOnly, portalLink, publicNavLinks } from '~/lib/nav';
import type { Viewer } from '~/lib/viewer';

declare module 'react' {
  // Invoker commands (HTML): not yet in React's types; React passes the attributes through.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- merged declarations keep React's parameter
  interface ButtonHTMLAttributes<T> {
    commandfor?: string;
    command?: 'show-modal' | 'close' | 'request-close' | 'show-popover' | 'hide-popover' | 'toggle-popover';
  }
}

const MENU_ID = 'site-menu';

function scrollToTop() {
  window.scrollTo({ top: 0 });
}

/** Closes the menu around the event's element: on a hydrated page its links navigate in place. */
function closeMenu(event: { currentTarget: Element }) {
  const menu = event.currentTarget.closest('dialog');
  if (!menu) return;
  menu.close();
  if ('hidePopover' in menu && menu.matches(':popover-open')) menu.hidePopover();
}

/** The sign-out form: POST /logout, which signs out and returns to / (issue 3). */
function SignOutButton({ className, onSubmit }: { className?: string; onSubmit?: (event: { currentTarget: Element }) => void }) {
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
  const showPublic = !viewer || !isAdminOnly(viewer);
  const portal = viewer ? portalLink(viewer) : null;

  const navClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      'relative rounded-md px-3 py-2 text-sm font-medium transition-colors',
      isActive
        ? 'text-brass-300 after:absolute after:inset-x-3 after:-bottom-0.5 after:h-0.5 after:bg-brass-400'
        : 'text-navy-100 hover:text-white',
    );

  return (
    <header className="header-scroll-shadow fixed inset-x-0 top-0 z-50 bg-navy-950 text-white">
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
              <>
                <Link to="/login" className={buttonClasses('inverse', 'sm')}>
                  Sign In
                </Link>
                <Link to="/login?signup=true" className={buttonClasses('primary', 'sm')}>
                  Sign Up
                </Link>
              </>
            )}
          </div>
        </div>

        <button
          type="button"
          commandfor={MENU_ID}
          command="show-modal"
          popoverTarget={MENU_ID}
          aria-haspopup="dialog"
          className="inline-flex size-11 items-center justify-center rounded-md text-white hover:bg-white/10 md:hidden"
        >
          <Menu className="size-6" aria-hidden />
          <span className="sr-only">Open menu</span>
        </button>
      </nav>

      <dialog
        id={MENU_ID}
        popover="auto"
        closedby="any"
        aria-labelledby={`${MENU_ID}-title`}
        className={cn(
          'fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-[min(22rem,88vw)] max-w-none flex-col overflow-y-auto overscroll-contain',
          'border-0 bg-navy-950 px-6 pt-5 pb-8 text-white shadow-2xl open:flex open:animate-slide-in',
          'backdrop:bg-navy-950/60 backdrop:backdrop-blur-sm open:backdrop:animate-fade-in',
        )}
      >
        <div className="flex items-center justify-between">
          <h2 id={`${MENU_ID}-title`} className="text-sm font-semibold tracking-[0.18em] text-brass-300 uppercase">
            Menu
          </h2>
          <button
            type="button"
            commandfor={MENU_ID}
            command="close"
            popoverTarget={MENU_ID}
            popoverTargetAction="hide"
            className="inline-flex size-11 items-center justify-center rounded-md hover:bg-white/10"
          >
            <X className="size-6" aria-hidden />
            <span className="sr-only">Close menu</span>
          </button>
        </div>
        <nav aria-label="Mobile" className="mt-6 flex flex-1 flex-col">
          {showPublic && (
            <ul className="flex flex-col gap-1 border-b border-white/10 pb-6">
              {publicNavLinks.map((l) => (
                <li key={l.to}>
                  <NavLink
                    to={l.to}
                    onClick={(event) => {
                      closeMenu(event);
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
              <>
                <Link to="/login?signup=true" onClick={closeMenu} className={buttonClasses('primary', 'md')}>
                  Sign Up
                </Link>
                <Link to="/login" onClick={closeMenu} className={buttonClasses('inverse', 'md')}>
                  Sign In
                </Link>
              </>
            )}
          </div>
        </nav>
      </dialog>
    </header>
  );
}
