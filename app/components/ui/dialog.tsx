/**
 * The look of every modal dialog (the admin password dialog, the confirm-before-delete dialog):
 * a navy veil over the page and a centred card, on Radix's accessible dialog primitives.
 */
import { cn } from '~/lib/cn';

/** The veil behind a dialog. */
export const dialogOverlayClasses = 'fixed inset-0 z-50 bg-navy-950/50';

/** A dialog's card, `width` wide at most (a CSS length), never wider than the screen allows. */
export function dialogContentClasses(width: '28rem' | '30rem' = '28rem') {
  return cn(
    'fixed top-1/2 left-1/2 z-50 -translate-x-1/2 -translate-y-1/2 rounded-[var(--radius-card)] bg-surface p-6 shadow-2xl',
    width === '28rem' ? 'w-[min(28rem,92vw)]' : 'w-[min(30rem,92vw)]',
  );
}

/** A dialog's title. */
export const dialogTitleClasses = 'font-serif text-2xl text-navy-900';
