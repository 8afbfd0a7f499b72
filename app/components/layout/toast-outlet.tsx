/**
 * Where toasts appear. On a hydrated page, the toast host (sonner) is mounted the first time a
 * toast is shown (a flash toast from the server, or `showToast` from a component), keeping the
 * toast library out of every page's first load. On a page sent without JavaScript
 * (app/lib/route-handle.ts), the flash toast is rendered on the server by `StaticToast`.
 */
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { X } from 'lucide-react';
import { cn } from '~/lib/cn';
import { usePageHydrates } from '~/lib/route-handle';
import { onPendingToast, showToast, toastRequested, type Toast } from '~/lib/toast';

const ToastHost = lazy(() => import('./toast-host'));

/** The flash toast `toast` (or null), shown by whichever means the page has. */
export function ToastOutlet({ toast }: { toast: Toast | null }) {
  const hydrates = usePageHydrates();
  if (!hydrates) return toast ? <StaticToast toast={toast} /> : null;
  return <LazyToastOutlet toast={toast} />;
}

function LazyToastOutlet({ toast }: { toast: Toast | null }) {
  const needed = useSyncExternalStore(onPendingToast, toastRequested, () => false);
  useEffect(() => {
    if (toast) showToast(toast);
  }, [toast]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}

/** Colours per type, close to sonner's rich colours, with inks of 4.5:1 or more on their backgrounds. */
const TONES: Record<Toast['type'], string> = {
  success: 'border-green-200 bg-green-50 text-green-800',
  info: 'border-blue-200 bg-blue-50 text-blue-900',
  warning: 'border-yellow-200 bg-yellow-50 text-yellow-800',
  error: 'border-red-200 bg-red-50 text-red-700',
};

/**
 * A flash toast without JavaScript: a non-modal `<dialog open>` at the bottom right, announced as
 * a status, closed by its button (a `method="dialog"` form, no script) and hidden by CSS after
 * 8 s (`animate-toast` in app.css), a delay that stops while the pointer or the focus is on it.
 */
function StaticToast({ toast }: { toast: Toast }) {
  return (
    <dialog
      open
      aria-labelledby="flash-toast-title"
      className={cn(
        'fixed inset-x-4 top-auto bottom-4 z-[60] m-0 ml-auto w-auto max-w-[22rem] rounded-lg border p-4 shadow-lg sm:right-6 sm:bottom-6 sm:left-auto sm:w-[22rem]',
        'animate-toast hover:[animation-play-state:paused] focus-within:[animation-play-state:paused]',
        TONES[toast.type],
      )}
    >
      <div role="status" className="pr-8 text-sm">
        <p id="flash-toast-title" className="font-semibold">
          {toast.title}
        </p>
        {toast.description && <p className="mt-0.5">{toast.description}</p>}
      </div>
      <form method="dialog" className="absolute top-1 right-1">
        <button type="submit" className="inline-flex size-11 items-center justify-center rounded-md hover:bg-black/5">
          <X className="size-4" aria-hidden />
          <span className="sr-only">Close toast</span>
        </button>
      </form>
    </dialog>
  );
}
