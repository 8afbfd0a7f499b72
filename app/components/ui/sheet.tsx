/**
 * A side sheet: a modal panel sliding in from the right (Radix Dialog: focus trapped, Escape
 * and the close button close it, focus returns to `returnFocus`). Loaded on demand through
 * `LazySheet`, so pages whose menu is never opened do not download the dialog code.
 */
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode, RefObject } from 'react';
import { cn } from '~/lib/cn';

export interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's accessible name, shown as its heading. */
  title: string;
  /** Closes-label of the close button, e.g. 'Close menu'. */
  closeLabel: string;
  /** The element that opened the sheet; focus goes back to it on close. */
  returnFocus?: RefObject<HTMLElement | null>;
  className?: string;
  children: ReactNode;
}

export function Sheet({ open, onOpenChange, title, closeLabel, returnFocus, className, children }: SheetProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/60 backdrop-blur-sm data-[state=open]:animate-fade-in" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            if (!returnFocus?.current) return;
            event.preventDefault();
            returnFocus.current.focus();
          }}
          className={cn(
            'fixed inset-y-0 right-0 z-50 flex w-[min(22rem,88vw)] flex-col overflow-y-auto bg-navy-950 px-6 pt-5 pb-8 text-white shadow-2xl data-[state=open]:animate-slide-in',
            className,
          )}
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-sm font-semibold tracking-[0.18em] text-brass-300 uppercase">{title}</Dialog.Title>
            <Dialog.Close className="inline-flex size-11 items-center justify-center rounded-md hover:bg-white/10">
              <X className="size-6" aria-hidden />
              <span className="sr-only">{closeLabel}</span>
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
