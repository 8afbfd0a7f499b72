/** GET /deal-images/{…}.webp: a deal's picture (product decisions: deal images are public). */
import type { Route } from './+types/deal-image';
import { publicImageResponse } from '~/server/storage.server';

export async function loader({ params }: Route.LoaderArgs) {
  return publicImageResponse(`deals/${params['*'] ?? ''}`);
}
