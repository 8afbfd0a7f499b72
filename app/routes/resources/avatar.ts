/** GET /avatars/{userId}/{random}.webp: a profile photo (product decisions: avatars are public). */
import type { Route } from './+types/avatar';
import { publicImageResponse } from '~/server/storage.server';

export async function loader({ params }: Route.LoaderArgs) {
  return publicImageResponse(`avatars/${params['*'] ?? ''}`);
}
