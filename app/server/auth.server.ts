/**
 * better-auth, mounted at /api/auth/* (ARCHITECTURE.md "Security model"): e-mail and password
 * with argon2id, e-mail verification required before sign-in, database sessions, rate limits
 * stored in the database so several processes share them.
 */
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { db } from './db/client.server';
import * as schema from './db/schema';
import { env } from './env.server';
import { hashPassword, verifyPassword } from './password.server';

/** The header the server sets from the trusted client address (server/app.ts). */
export const CLIENT_IP_HEADER = 'x-ormsby-client-ip';

function createAuth() {
  const config = env();
  return betterAuth({
    appName: config.COMPANY_NAME,
    baseURL: config.PUBLIC_URL,
    basePath: '/api/auth',
    secret: config.AUTH_SECRET,
    trustedOrigins: [config.PUBLIC_URL],
    database: drizzleAdapter(
      // Resolved per call so tests and start-up can swap the process database.
      new Proxy({} as ReturnType<typeof db>, { get: (_t, p) => Reflect.get(db(), p) }),
      {
        provider: 'pg',
        schema: {
          user: schema.user,
          session: schema.session,
          account: schema.account,
          verification: schema.verification,
          rateLimit: schema.rateLimit,
        },
      },
    ),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      password: {
        hash: hashPassword,
        verify: ({ hash, password }) => verifyPassword(hash, password),
      },
    },
    session: {
      expiresIn: 60 * 30,
      updateAge: 60,
    },
    rateLimit: {
      enabled: config.NODE_ENV === 'production',
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 60, max: 5 },
        '/request-password-reset': { window: 60, max: 5 },
      },
    },
    advanced: {
      cookiePrefix: AUTH_COOKIE_PREFIX,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.PUBLIC_URL.startsWith('https:'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
  });
}

/**
 * Prefix of better-auth's cookies ('ormsby.session_token', or '__Secure-ormsby.…' over
 * HTTPS). With the flash-toast cookie, these make a request personal (server/page-cache.ts).
 */
export const AUTH_COOKIE_PREFIX = 'ormsby';

/** Cookie names (prefixes) that make a request personal: session cookies and the toast. */
export const PERSONAL_COOKIES = [`${AUTH_COOKIE_PREFIX}.`, `__Secure-${AUTH_COOKIE_PREFIX}.`, 'toast'] as const;

let instance: ReturnType<typeof createAuth> | undefined;

/** The process-wide better-auth instance, created on first use. */
export function auth() {
  instance ??= createAuth();
  return instance;
}
