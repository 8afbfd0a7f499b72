/**
 * Forms post to our route actions, which forward to better-auth's own HTTP handler (issue
 * "Accounts": not `auth.api`), so its rate limits, origin check and hooks apply to every
 * sign-in, sign-up and reset exactly as to a direct call. The outer request has already passed
 * the server's origin check; the client IP travels in the trusted header.
 */
import { auth, CLIENT_IP_HEADER } from './auth.server';
import { env } from './env.server';

export interface AuthCallResult {
  ok: boolean;
  /** better-auth's HTTP status (429 when rate-limited). */
  status: number;
  /** better-auth's error code, e.g. INVALID_EMAIL_OR_PASSWORD, EMAIL_NOT_VERIFIED. */
  code?: string;
  message?: string;
  body: unknown;
  /** Set-Cookie headers to relay to the browser. */
  cookies: string[];
}

/**
 * Calls better-auth's `endpoint` (e.g. '/sign-in/email') with a JSON `body` (POST) or none
 * (GET when `method` says so) on behalf of `request`, carrying its cookies and user agent.
 */
export async function callAuth(
  request: Request,
  clientIp: string,
  endpoint: string,
  body?: Record<string, unknown>,
  method: 'POST' | 'GET' = 'POST',
): Promise<AuthCallResult> {
  const base = env().PUBLIC_URL;
  const headers = new Headers({ Origin: new URL(base).origin, [CLIENT_IP_HEADER]: clientIp });
  for (const name of ['cookie', 'user-agent']) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (method === 'POST') headers.set('Content-Type', 'application/json');
  const response = await auth().handler(
    new Request(`${base}/api/auth${endpoint}`, {
      method,
      headers,
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
    }),
  );
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  const error = !response.ok && parsed && typeof parsed === 'object' ? (parsed as { code?: string; message?: string }) : {};
  return {
    ok: response.ok,
    status: response.status,
    code: error.code,
    message: error.message,
    body: parsed,
    cookies: response.headers.getSetCookie(),
  };
}

/** Headers carrying `cookies` as Set-Cookie, plus any `extra` headers. */
export function cookieHeaders(cookies: string[], extra?: HeadersInit): Headers {
  const headers = new Headers(extra);
  for (const c of cookies) headers.append('Set-Cookie', c);
  return headers;
}
