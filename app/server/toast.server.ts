/**
 * Flash toasts: a one-time signed cookie set before a redirect and read (then cleared) by the
 * root loader (docs/conventions.md "Route modules").
 */
import { createCookie, redirect } from 'react-router';
import type { Toast } from '~/lib/toast';
import { env } from './env.server';

let cookie: ReturnType<typeof createCookie> | undefined;
function toastCookie() {
  cookie ??= createCookie('toast', {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: env().NODE_ENV === 'production' && env().PUBLIC_URL.startsWith('https:'),
    secrets: [env().AUTH_SECRET],
    maxAge: 60,
  });
  return cookie;
}

/** A redirect to `url` that shows `toast` on the next page. */
export async function redirectWithToast(url: string, toast: Toast, init?: ResponseInit) {
  return redirect(url, { ...init, headers: await toastHeaders(toast, init?.headers) });
}

/**
 * Headers that show `toast` on the next render of the root loader: after a redirect, or after a
 * fetcher's successful action (React Router revalidates the root loader then).
 */
export async function toastHeaders(toast: Toast, init?: HeadersInit): Promise<Headers> {
  const headers = new Headers(init);
  headers.append('Set-Cookie', await toastCookie().serialize(toast));
  return headers;
}

/** Reads the flash toast of `request`, with the header that clears it; `toast` null when none. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; headers?: Headers }> {
  const header = request.headers.get('Cookie');
  if (!header?.includes('toast=')) return { toast: null };
  const value = (await toastCookie().parse(header)) as Toast | null;
  const headers = new Headers({ 'Set-Cookie': await toastCookie().serialize('', { maxAge: 0 }) });
  return { toast: value && typeof value.title === 'string' ? value : null, headers };
}
