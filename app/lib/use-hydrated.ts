import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * True once the page runs in the browser after hydration; false in the server's render and in
 * hydration itself, so both render the same. For controls only JavaScript makes redundant.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
