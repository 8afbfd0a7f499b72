import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { onPendingToast, showToast, toastRequested, type Toast } from '~/lib/toast';

const ToastHost = lazy(() => import('./toast-host'));

/**
 * Mounts the toast host the first time a toast is shown (a flash toast from the server, or
 * `showToast` from a component), keeping the toast library out of every page's first load.
 */
export function ToastOutlet({ toast }: { toast: Toast | null }) {
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
