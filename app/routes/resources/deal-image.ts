/**
 * GET /deal-images/{…}.webp: a deal's picture (decisions.md: deal images are public). Keys are
 * random and never reused, so responses are cached for a year.
 */
import type { Route } from './+types/deal-image';
import { assertKey, storage, toWebStream } from '~/server/storage.server';

export async function loader({ params }: Route.LoaderArgs) {
  const key = `deals/${params['*'] ?? ''}`;
  try {
    assertKey(key);
  } catch {
    return new Response('Not Found', { status: 404 });
  }
  if (!key.endsWith('.webp')) return new Response('Not Found', { status: 404 });
  const object = await storage().get(key);
  if (!object) return new Response('Not Found', { status: 404 });
  return new Response(toWebStream(object.stream), {
    headers: {
      'Content-Type': 'image/webp',
      'Content-Length': String(object.size),
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  });
}
