/**
 * The frame of the account pages (/login, /admin-login, /reset-password): a navy panel with the
 * lender's promise beside a white card holding the form. One column under 1024px.
 */
import type { ReactNode } from 'react';
import { Picture } from '~/components/ui/picture';
import { cardClasses } from '~/components/ui/card';

export function AuthShell({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow: string;
  title: string;
  lead: string;
  children: ReactNode;
}) {
  return (
    <div className="bg-ivory pt-18">
      <div className="container-page grid gap-10 py-10 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-14 lg:py-16">
        <aside className="relative isolate hidden min-h-[32rem] overflow-hidden rounded-[var(--radius-card)] bg-navy-950 p-10 text-white lg:sticky lg:top-24 lg:flex lg:flex-col lg:justify-end lg:self-start">
          <Picture name="about-lake" alt="" sizes="40vw" className="absolute inset-0 -z-10 h-full w-full opacity-35" />
          <div className="absolute inset-0 -z-10 bg-gradient-to-t from-navy-950 via-navy-950/70 to-transparent" />
          <p className="eyebrow !text-brass-300">{eyebrow}</p>
          <h1 className="mt-3 text-4xl !text-white">{title}</h1>
          <p className="mt-4 text-lg leading-relaxed text-navy-100">{lead}</p>
          <ul className="mt-8 space-y-2 text-sm text-navy-100">
            <li>Private lending in Nevada and California</li>
            <li>Your documents are private to you and our team</li>
            <li>Encrypted connections, verified sign-in</li>
          </ul>
        </aside>
        <div className={cardClasses('none', 'p-6 sm:p-10')}>
          <div className="lg:hidden">
            <p className="eyebrow">{eyebrow}</p>
            <h1 className="mt-2 text-3xl">{title}</h1>
          </div>
          {children}
        </div>
      </div>
    </div>
  );
}
