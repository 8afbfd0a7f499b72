/**
 * People for the route tests (vitest, real database): made through the login route's own action,
 * as a visitor makes an account, then given their roles in the database.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { requestContext } from '~/load-context';
import { action as loginAction } from '~/routes/auth/login';
import { db } from '~/server/db/client.server';
import { profile, user } from '~/server/db/schema';

export const ROUTE_ORIGIN = 'http://localhost:3000';
export const ROUTE_PASSWORD = 'Str0ng!Passw0rd';

/** A person signed in through the routes: their user id, e-mail and session cookie `name=value`. */
export interface RoutePerson {
  id: string;
  email: string;
  cookie: string;
}

let requests = 0;

async function postLogin(fields: Record<string, string>): Promise<unknown> {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  const request = new Request(`${ROUTE_ORIGIN}/login`, { method: 'POST', body, headers: { Origin: ROUTE_ORIGIN } });
  // Each from its own address: the per-address sign-in limits are not the whole suite's to share.
  const context = requestContext({
    clientIp: `198.51.100.${(++requests % 250) + 1}`,
    cspNonce: '',
    requestId: `login-${requests}`,
  });
  return loginAction({ request, params: {}, context } as never);
}

/**
 * Signs a new person up through /login's action, marks the address verified, signs in through it
 * and gives the profile `roles` (each false unless given); `twoFactor` marks the authenticator app
 * as confirmed, so an admin's session is a staff session. @throws when the sign-in does not redirect.
 */
export async function signedInThroughLogin(
  roles: { isAdmin?: boolean; isInvestor?: boolean; isBorrower?: boolean } = {},
  { twoFactor = false, email = `person-${randomUUID().slice(0, 8)}@example.com` }: { twoFactor?: boolean; email?: string } = {},
): Promise<RoutePerson> {
  await postLogin({
    intent: 'signup',
    name: 'Route Tester',
    email,
    password: ROUTE_PASSWORD,
    confirmPassword: ROUTE_PASSWORD,
    acceptTerms: 'on',
    isBorrower: 'on',
  });
  const [row] = await db().update(user).set({ emailVerified: true }).where(eq(user.email, email)).returning({ id: user.id });
  const response = await postLogin({ intent: 'signin', email, password: ROUTE_PASSWORD });
  if (!(response instanceof Response) || !row) throw new Error(`${email} could not sign in through /login`);
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith('ormsby.session_token='))!
    .split(';')[0]!;
  await db()
    .update(profile)
    .set({ isAdmin: roles.isAdmin ?? false, isInvestor: roles.isInvestor ?? false, isBorrower: roles.isBorrower ?? false })
    .where(eq(profile.userId, row.id));
  if (twoFactor) await db().update(user).set({ twoFactorEnabled: true }).where(eq(user.id, row.id));
  return { id: row.id, email, cookie };
}
