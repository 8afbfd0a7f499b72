/** The kinds of toast, and of in-app notification (`notification.type`). */
export const TOAST_TYPES = ['success', 'info', 'error', 'warning'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

/** A toast message: product §8 titles and descriptions travel in this shape. */
export interface Toast {
  type: ToastType;
  title: string;
  description?: string;
}

type Show = (toast: Toast) => void;
let show: Show | undefined;
const pending: Toast[] = [];
let requested = false;

/**
 * Shows `toast`. The toast library (sonner) is loaded on first use, so pages that never
 * show a toast do not download it.
 */
export function showToast(toast: Toast): void {
  if (show) return show(toast);
  pending.push(toast);
  requested = true;
  listeners.forEach((l) => l());
}

const listeners = new Set<() => void>();

/** Internal: the toast host registers itself here once loaded. */
export function registerToastHost(fn: Show): () => void {
  show = fn;
  pending.splice(0).forEach(fn);
  return () => {
    if (show === fn) show = undefined;
  };
}

/** Internal: notifies when a toast is waiting for the host to load. */
export function onPendingToast(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once any toast was requested (the host then stays mounted). */
export function toastRequested(): boolean {
  return requested;
}
