/**
 * GET /site-images/{id}-{width}.{avif|webp}: a picture staff uploaded for the site (hero images,
 * team photos; issue "First impression"), public like avatars and cached for a year.
 */
import type { Route } from './+types/site-image';
import { publicImageResponse } from '~/server/storage.server';

export async function loader({ params }: Route.LoaderArgs) {
  const file = params.file ?? '';
  return publicImageResponse(`site/${file}`, ['avif', 'webp']);
}
