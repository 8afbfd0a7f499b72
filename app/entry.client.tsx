/**
 * The browser entry: hydrates the server's document, after starting to note the request ids of
 * failed answers for the error pages (lib/request-id.ts).
 */
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { watchFailedRequests } from './lib/request-id';

watchFailedRequests();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
