/**
 * The frame of the staff and security pages (/admin-login, /two-factor, /two-factor/setup): the
 * brand over one white card on navy, with a shield, a title and a line of context.
 */
import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { BrandMark } from '~/components/layout/brand';
import { cn } from '~/lib/cn';

export function SecurePanel({
  title,
  subtitle,
  wide = false,
  children,
}: {
  title: string;
  subtitle: ReactNode;
  /** A wider card, for the enrolment's QR code and recovery codes. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <main id="main" className="flex min-h-dvh flex-1 items-center justify-center bg-navy-950 px-4 py-12">
      <div className={cn('w-full', wide ? 'max-w-2xl' : 'max-w-md')}>
        <div className="mb-8 flex justify-center">
          <BrandMark />
        </div>
        <div className="rounded-[var(--radius-card)] bg-surface p-6 shadow-2xl sm:p-8">
          <div className="flex items-center gap-3">
            <ShieldCheck aria-hidden className="size-7 shrink-0 text-brass-600" />
            <h1 className="text-2xl">{title}</h1>
          </div>
          <div className="mt-2 text-sm text-muted">{subtitle}</div>
          {children}
        </div>
      </div>
    </main>
  );
}
