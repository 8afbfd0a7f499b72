/** /dashboard: sends each signed-in user to their portal (product §2 Top navigation, portal link target). */
import { redirect } from 'react-router';
import type { Route } from './+types/index';
import { portalLink } from '~/lib/nav';
import { requireUser } from '~/server/guards.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser({ request, context });
  throw redirect(portalLink(viewer).to);
}
