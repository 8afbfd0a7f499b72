/**
 * The frame of the borrower/investor portal and of the admin area (product §2 "Sidebar and mobile
 * drawer", "Admin area"): a navy sidebar from 768px with the logo (to /), the area's links
 * (current one highlighted) and Sign Out (back to /); under 768px a top bar whose menu button
 * opens the same links in a slide-in drawer.
 */
import { LogOut, Menu, type LucideIcon } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { Form, Link, NavLink } from 'react-router';
import { BrandMark } from './brand';
import { LazySheet, preloadSheet } from '~/components/ui/lazy-sheet';
import { cn } from '~/lib/cn';

export interface ShellLink {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Highlight only on this exact path (for index pages). */
  end?: boolean;
}

function SignOut({ className }: { className?: string }) {
  return (
    <Form method="post" action="/logout" className={className}>
      <button
        type="submit"
        className="flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-navy-100 hover:bg-white/5 hover:text-white"
      >
        <LogOut aria-hidden className="size-5" />
        Sign Out
      </button>
    </Form>
  );
}

function NavList({ links, onNavigate }: { links: readonly ShellLink[]; onNavigate?: () => void }) {
  return (
    <ul className="flex flex-col gap-1">
      {links.map(({ to, label, icon: Icon, end }) => (
        <li key={to}>
          <NavLink
            to={to}
            end={end}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors',
                isActive ? 'bg-white/10 text-brass-300' : 'text-navy-100 hover:bg-white/5 hover:text-white',
              )
            }
          >
            <Icon aria-hidden className="size-5" />
            {label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export function DashboardShell({
  area,
  links,
  viewerName,
  viewerDetail,
  children,
}: {
  /** The area's name, e.g. 'Client Portal' or 'Admin'. */
  area: string;
  links: readonly ShellLink[];
  viewerName: string;
  viewerDetail: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  return (
    <div className="flex min-h-dvh flex-1 bg-ivory">
      <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col bg-navy-950 px-4 py-6 md:flex">
        <Link to="/" className="flex min-h-11 items-center rounded-md px-2">
          <BrandMark />
          <span className="sr-only"> – home</span>
        </Link>
        <p className="mt-8 px-3 text-xs font-semibold tracking-[0.18em] text-navy-300 uppercase">{area}</p>
        {/* The links scroll on a short screen; the viewer and Sign Out stay in view below them. */}
        <nav aria-label={area} className="-mx-1 mt-3 min-h-0 flex-1 overflow-y-auto px-1">
          <NavList links={links} />
        </nav>
        <div className="border-t border-white/10 pt-4">
          <p className="truncate px-3 text-sm font-medium text-white">{viewerName}</p>
          <p className="truncate px-3 text-xs text-navy-300">{viewerDetail}</p>
          <SignOut className="mt-3" />
        </div>
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-40 flex h-16 items-center justify-between bg-navy-950 px-4 md:hidden">
          <Link to="/" className="flex min-h-11 items-center rounded-md">
            <BrandMark />
            <span className="sr-only"> – home</span>
          </Link>
          <button
            ref={menuButton}
            type="button"
            aria-haspopup="dialog"
            aria-expanded={open}
            onClick={() => setOpen(true)}
            onPointerEnter={preloadSheet}
            onTouchStart={preloadSheet}
            onFocus={preloadSheet}
            className="inline-flex size-11 items-center justify-center rounded-md text-white hover:bg-white/10"
          >
            <Menu aria-hidden className="size-6" />
            <span className="sr-only">Open menu</span>
          </button>
        </header>
        <LazySheet open={open} onOpenChange={setOpen} title={area} closeLabel="Close menu" returnFocus={menuButton}>
          <nav aria-label={`${area} menu`} className="mt-6 flex flex-1 flex-col">
            <NavList links={links} onNavigate={() => setOpen(false)} />
            <div className="mt-auto border-t border-white/10 pt-4">
              <p className="truncate px-3 text-sm font-medium text-white">{viewerName}</p>
              <SignOut className="mt-2" />
            </div>
          </nav>
        </LazySheet>
        <main id="main" tabIndex={-1} className="flex-1 px-4 py-8 outline-none sm:px-8 lg:px-12 lg:py-10">
          {children}
        </main>
      </div>
    </div>
  );
}

/** A page's heading block inside the shell: title, optional subtitle and actions. */
export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-3xl sm:text-4xl">{title}</h1>
        {subtitle && <p className="mt-2 text-muted">{subtitle}</p>}
      </div>
      {actions}
    </div>
  );
}

/** A designed empty or coming-soon panel. */
export function EmptyState({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-[var(--radius-card)] border border-dashed border-line bg-surface px-6 py-14 text-center">
      <Icon aria-hidden className="size-10 text-navy-300" />
      <h2 className="mt-4 text-xl">{title}</h2>
      {children && <div className="mt-2 max-w-md text-muted">{children}</div>}
    </div>
  );
}
