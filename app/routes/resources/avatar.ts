/** GET /avatars/{userId}/{random}.webp: a profile photo (product decisions: avatars are public). */
import type { Route } from './+types/avatar';
import { publicWebpResponse } from '~/server/storage.server';

export async function loader({ params }: Route.LoaderArgs) {
  return publicWebpResponse(`avatars/${params['*'] ?? ''}`);
}
