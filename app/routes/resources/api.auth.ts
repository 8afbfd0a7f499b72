import type { Route } from './+types/api.auth';
import { auth } from '~/server/auth.server';

/** better-auth's HTTP handler: every /api/auth/* request (its rate limits and origin checks apply). */
export function loader({ request }: Route.LoaderArgs) {
  return auth().handler(request);
}

export function action({ request }: Route.ActionArgs) {
  return auth().handler(request);
}
