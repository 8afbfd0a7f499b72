import { createContext, useContext } from 'react';

/**
 * The per-request CSP nonce. The server provides it around the app (entry.server.tsx); in
 * the browser it is empty, since browsers hide nonce attributes after load.
 */
export const NonceContext = createContext('');

/** The current request's CSP nonce ('' in the browser). */
export function useNonce(): string {
  return useContext(NonceContext);
}
