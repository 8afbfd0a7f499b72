/**
 * A status badge (issue "Solid ground": one badge): a small rounded label in one of the site's
 * tones. Pages map their states to a tone (Active → success, Closed → neutral, new → attention).
 */
import type { ReactNode } from 'react';
import { cn } from '~/lib/cn';

export type BadgeTone = 'success' | 'neutral' | 'attention' | 'danger' | 'info';

const tones: Record<BadgeTone, string> = {
  success: 'bg-emerald-50 text-success',
  neutral: 'bg-navy-50 text-navy-700',
  attention: 'bg-brass-100 text-brass-800',
  danger: 'bg-red-50 text-danger',
  info: 'bg-sky-50 text-sky-800',
};

export function Badge({ tone, children, className }: { tone: BadgeTone; children: ReactNode; className?: string }) {
  return (
    <span
      className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap', tones[tone], className)}
    >
      {children}
    </span>
  );
}
