/**
 * The designed error page of every error boundary (issue "Solid ground": 404, 403, 500 and 503
 * each with its own words and a way back; the request id shown for a fault). The root, the public
 * layout, the portal layout and the admin layout each render it inside what survives of their
 * frame, so a failing page keeps the header or the sidebar.
 */
import { AlertTriangle, Clock, Lock, SearchX, type LucideIcon } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ButtonLink } from '~/components/ui/button';
import { cn } from '~/lib/cn';
import { useRequestId } from '~/lib/request-id';

interface Wording {
  icon: LucideIcon;
  title: string;
  message: string;
}

const WORDING: Record<'404' | '403' | '503' | '500', Wording> = {
  '404': {
    icon: SearchX,
    title: 'Oops! Page not found',
    message: 'The page you are looking for may have moved or never existed.',
  },
  '403': {
    icon: Lock,
    title: 'This page is not available to you',
    message: 'Your account does not have access to it. If you think it should, contact us.',
  },
  '503': {
    icon: Clock,
    title: "We'll be right back",
    message: 'The site cannot reach its records for a moment. Please try again in a minute.',
  },
  '500': {
    icon: AlertTriangle,
    title: 'Something went wrong',
    message: 'An unexpected error occurred and our team has been told. Please try again.',
  },
};

/** The status of a route error: its own for an error response, 500 for anything thrown. */
function statusOf(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/**
 * The error page for `status`: icon, title, message, the way back (`back`, e.g. to the portal),
 * and, for a fault (5xx), the request id to quote to the lender.
 */
export function ErrorPage({
  status,
  back,
  tone = 'light',
}: {
  status: number;
  back: { to: string; label: string };
  /** 'dark' for a page without its frame (the root), 'light' inside a frame. */
  tone?: 'light' | 'dark';
}) {
  const requestId = useRequestId();
  const wording = WORDING[String(status) as keyof typeof WORDING] ?? (status >= 500 ? WORDING['500'] : WORDING['404']);
  const Icon = wording.icon;
  const fault = status >= 500;
  return (
    <section
      className={cn(
        'flex flex-1 flex-col items-center justify-center px-4 py-20 text-center',
        tone === 'dark' ? 'bg-navy-950 text-white' : 'text-ink',
      )}
    >
      {fault && requestId && <meta name="request-id" content={requestId} />}
      <Icon aria-hidden className={cn('size-12', tone === 'dark' ? 'text-brass-300' : 'text-brass-600')} />
      <p className={cn('eyebrow mt-6', tone === 'dark' && '!text-brass-300')}>Error {status}</p>
      <h1 className={cn('mt-3 text-3xl sm:text-4xl', tone === 'dark' && '!text-white')}>{wording.title}</h1>
      <p className={cn('mt-4 max-w-md text-lg', tone === 'dark' ? 'text-navy-100' : 'text-muted')}>{wording.message}</p>
      {fault && requestId && (
        <p className={cn('mt-4 text-sm', tone === 'dark' ? 'text-navy-200' : 'text-muted')}>
          Reference: <code className="font-mono">{requestId}</code>
        </p>
      )}
      <ButtonLink to={back.to} size="lg" className="mt-10" reloadDocument={fault}>
        {back.label}
      </ButtonLink>
    </section>
  );
}

/** A route's ErrorBoundary body: the error page for the error this route caught. */
export function RouteErrorPage({ back, tone }: { back: { to: string; label: string }; tone?: 'light' | 'dark' }) {
  const error = useRouteError();
  return <ErrorPage status={statusOf(error)} back={back} tone={tone} />;
}
