/**
 * Two-step verification for the signed-in user (issue "Security and scale"), through
 * better-auth's two-factor plugin: turning it on (/two-factor/setup: the password, then a code
 * from the app; the ten recovery codes are shown once) and off (the profile, with the password;
 * never for staff, who must keep it). Turning it on signs out the user's other sessions, so every
 * session of a user with the factor has passed it; each change is in the audit log. Those two
 * rules and the staff refusal live at better-auth's hooks (auth.server.ts), so they hold for its
 * raw API too (issue 22 defect 3).
 */
import { createOTP } from '@better-auth/utils/otp';
import { symmetricDecrypt } from 'better-auth/crypto';
import { and, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { redirect } from 'react-router';
import { parseForm } from '~/lib/parse-form';
import { enrolmentSchema, twoFactorOffSchema } from '~/lib/schemas/auth';
import type { Toast } from '~/lib/toast';
import { answer, refuseFields } from '../answers.server';
import type { RefusalKind } from '../errors.server';
import { callAuth, cookieHeaders } from '../auth-gateway.server';
import { auth, STAFF_KEEP_TWO_FACTOR } from '../auth.server';
import { db } from '../db/client.server';
import { twoFactor as twoFactorTable } from '../db/schema';
import { env } from '../env.server';
import { logger } from '../logger.server';
import { Refused } from '../errors.server';
import { safeRedirectTo } from '../guards.server';
import { redirectWithToast } from '../toast.server';
import type { Viewer } from '~/lib/viewer';

/** What the enrolment shows between its two steps. */
export interface Enrolment {
  totpURI: string;
  /** The secret in base32, for typing into an app that cannot scan. */
  secret: string;
  /** The QR code of `totpURI` as an SVG data URI. */
  qr: string;
  backupCodes: string[];
}

const WRONG_PASSWORD = 'The password is not correct.';
const TOO_MANY = 'Too many attempts. Please wait a minute and try again.';

async function enrolmentOf(totpURI: string, backupCodes: string[]): Promise<Enrolment> {
  const svg = await QRCode.toString(totpURI, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return {
    totpURI,
    secret: new URL(totpURI).searchParams.get('secret') ?? '',
    qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    backupCodes,
  };
}

/**
 * The enrolment `userId` started and has not confirmed (issue 23: reloading the set-up page
 * keeps the secret already shown until it is confirmed or cancelled), or null. better-auth
 * stores it encrypted (two_factor, verified = false); it is read with better-auth's own key and
 * functions, and its URI built as better-auth builds it at `/two-factor/enable`.
 */
export async function pendingEnrolment(userId: string, email: string): Promise<Enrolment | null> {
  const [row] = await db()
    .select({ secret: twoFactorTable.secret, backupCodes: twoFactorTable.backupCodes })
    .from(twoFactorTable)
    .where(and(eq(twoFactorTable.userId, userId), eq(twoFactorTable.verified, false)));
  if (!row) return null;
  const { secretConfig } = await auth().$context;
  const secret = await symmetricDecrypt({ key: secretConfig, data: row.secret });
  const codes: unknown = JSON.parse(await symmetricDecrypt({ key: secretConfig, data: row.backupCodes }));
  const totpURI = createOTP(secret, { digits: 6 }).url(env().COMPANY_NAME, email);
  return enrolmentOf(totpURI, Array.isArray(codes) ? codes.map(String) : []);
}

/**
 * Starts an enrolment for the user signed in by `cookies` with `password` they have just
 * given (issue 23: an admin who has just entered the password at /admin-login is not asked for
 * it again on /two-factor/setup). Errors are logged, not thrown: the set-up page then asks.
 */
export async function startEnrolmentAtSignIn(request: Request, clientIp: string, cookies: string[], password: string) {
  const cookie = cookies.map((c) => c.split(';')[0]).join('; ');
  const headers = new Headers(request.headers);
  headers.set('cookie', cookie);
  const res = await callAuth(new Request(request.url, { headers }), clientIp, '/two-factor/enable', { password });
  if (!res.ok) logger.warn({ status: res.status, code: res.code }, 'enrolment not started at sign-in');
}

/**
 * The action of /two-factor/setup for `viewer`. `start` checks the password and answers the new
 * secret (QR code and text) with the recovery codes; `confirm` checks a code from the app against
 * the stored pending secret, turns the factor on (the hook ends the other sessions and audits it)
 * and redirects to `redirectTo` with the new session cookie; `cancel` drops the pending secret.
 * Refusals answer 400/401/429 with the form's message, nothing changed.
 */
export async function twoFactorSetupAction(request: Request, clientIp: string, viewer: Viewer, formData: FormData) {
  const submission = parseForm(formData, { schema: enrolmentSchema });
  const fail = (kind: RefusalKind, message: string, field: 'password' | 'code', enrolment?: Enrolment) =>
    refuseFields(kind, {
      ok: false as const,
      enrolment,
      result: submission.reply({ fieldErrors: { [field]: [message] }, hideFields: ['password', 'code'] }),
      toast: undefined as Toast | undefined,
    });
  if (submission.status !== 'success')
    return refuseFields('invalid', {
      ok: false as const,
      enrolment: (await pendingEnrolment(viewer.id, viewer.email)) ?? undefined,
      result: submission.reply({ hideFields: ['password'] }),
    });
  const input = submission.value;
  if (input.intent === 'cancel') {
    await db()
      .delete(twoFactorTable)
      .where(and(eq(twoFactorTable.userId, viewer.id), eq(twoFactorTable.verified, false)));
    return answer({ ok: true as const, enrolment: undefined, result: undefined });
  }
  if (input.intent === 'start') {
    const res = await callAuth(request, clientIp, '/two-factor/enable', { password: input.password });
    if (res.status === 429) return fail('rate-limited', TOO_MANY, 'password');
    if (res.code === 'TOTP_ALREADY_ENABLED') throw redirect(safeRedirectTo(formData.get('redirectTo')) ?? '/dashboard');
    if (!res.ok) return fail(res.status === 400 || res.status === 401 ? 'invalid' : 'failed', WRONG_PASSWORD, 'password');
    const { totpURI, backupCodes } = res.body as { totpURI: string; backupCodes: string[] };
    // No form reply: the code form starts empty, and nothing resets it while the user types.
    return answer({ ok: true as const, enrolment: await enrolmentOf(totpURI, backupCodes), result: undefined });
  }
  const enrolment = (await pendingEnrolment(viewer.id, viewer.email)) ?? undefined;
  if (!enrolment) return fail('conflict', 'This set-up has ended. Please start again with your password.', 'code');
  const res = await callAuth(request, clientIp, '/two-factor/verify-totp', { code: input.code });
  if (res.status === 429) return fail('rate-limited', TOO_MANY, 'code', enrolment);
  if (!res.ok)
    return fail('invalid', 'That code is not correct. Check the time on your phone and try the newest code.', 'code', enrolment);
  // better-auth replaced this session with a new one; the hook ended the others and audited the change.
  return redirectWithToast(
    safeRedirectTo(formData.get('redirectTo')) ?? '/dashboard',
    { type: 'success', title: 'Two-step verification is on', description: 'You will be asked for a code each time you sign in.' },
    { headers: cookieHeaders(res.cookies) },
  );
}

/**
 * Turns two-step verification off for `viewer` after checking `password` (profile). Staff must
 * keep it (refused here and at better-auth's hook). Redirects to `back` with the new session
 * cookie better-auth issues; the hook audits the change.
 * @throws Refused('forbidden') for an admin; Refused('invalid') for a wrong password.
 */
export async function turnTwoFactorOff(request: Request, clientIp: string, viewer: Viewer, formData: FormData, back: string) {
  if (viewer.isAdmin) throw new Refused('forbidden', STAFF_KEEP_TWO_FACTOR);
  const submission = parseForm(formData, { schema: twoFactorOffSchema });
  if (submission.status !== 'success') throw new Refused('invalid', 'Enter your password to turn off two-step verification.');
  const res = await callAuth(request, clientIp, '/two-factor/disable', { password: submission.value.password });
  if (res.status === 429) throw new Refused('rate-limited', TOO_MANY, 'Too many attempts', 60);
  if (res.code === 'STAFF_TWO_FACTOR_REQUIRED') throw new Refused('forbidden', STAFF_KEEP_TWO_FACTOR);
  if (!res.ok) throw new Refused('invalid', WRONG_PASSWORD, 'Two-step verification is still on');
  return redirectWithToast(
    back,
    { type: 'success', title: 'Two-step verification is off', description: 'Only your password protects this account now.' },
    { headers: cookieHeaders(res.cookies) },
  );
}
