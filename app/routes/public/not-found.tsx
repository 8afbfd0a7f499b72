import type { Route } from './+types/not-found';
import { ButtonLink } from '~/components/ui/button';
import { Picture } from '~/components/ui/picture';
import { refusedPage } from '~/server/answers.server';
import { logger } from '~/server/logger.server';

/** Any unknown path: HTTP 404 and the path logged (product §2, product decisions). */
export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  logger.warn({ path: pathname }, 'page not found');
  return refusedPage('not-found', { pathname });
}

export default function NotFoundPage() {
  return (
    <section className="relative isolate overflow-hidden bg-navy-950 pt-40 pb-32 text-center text-white sm:pt-48">
      <div className="absolute inset-0 -z-10 opacity-30">
        <Picture name="hero-home-1" alt="" className="h-full w-full" />
      </div>
      <div className="container-page flex flex-col items-center">
        <p className="font-serif text-7xl font-semibold text-brass-300 sm:text-8xl" aria-hidden="true">
          404
        </p>
        <h1 className="mt-4 text-4xl !text-white sm:text-5xl">Oops! Page not found</h1>
        <p className="mt-5 max-w-md text-lg text-navy-100">The page you are looking for may have moved or never existed.</p>
        <ButtonLink to="/" size="lg" className="mt-10">
          Return to Home
        </ButtonLink>
      </div>
    </section>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: 'Page not found | Ormsby Lending' },
  { name: 'robots', content: 'noindex' },
];
