import { redirect } from 'react-router';
import type { Route } from './+types/legal-redirect';

/** /terms and /privacy redirect permanently to the legal pages (product decisions). */
export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  return redirect(pathname === '/terms' ? '/terms-of-service' : '/privacy-policy', 301);
}
