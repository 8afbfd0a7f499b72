/**
 * The actions behind the sign-in, create-account, forgot-password and reset forms of /login,
 * /admin-login and /reset-password. Each validates with the form's own schema (product §5 texts),
 * forwards to better-auth's HTTP handler (auth-gateway.server.ts) and maps its answer to the
 * spec's messages (§8 Login, Admin login, Sign-up, Reset). Statuses are real: 400 for invalid
 * input, 401/403 for refused credentials, 429 when rate-limited.
 */
import { parseForm } from '~/lib/parse-form';
import { eq } from 'drizzle-orm';
import { redirect } from 'react-router';
import {
  changePasswordSchema,
  CREATED_PANEL,
  forgotPasswordSchema,
  MESSAGES,
  newPasswordSchema,
  signInSchema,
  secondStepSchema,
  signUpSchema,
  BORROWER_DOLLARS,
} from '~/lib/schemas/auth';
import { LOCKED_MESSAGE } from './domain/accounts/accounts.server';
import type { Toast } from '~/lib/toast';
import { answer, refuseFields } from './answers.server';
import { callAuth, cookieHeaders } from './auth-gateway.server';
import { refusalKindOf, type RefusalKind } from './errors.server';
import { startEnrolmentAtSignIn } from './actions/two-factor.server';
import { db } from './db/client.server';
import { isDatabaseUnavailable } from './db/unavailable.server';
import { profile, session, user } from './db/schema';
import { safeRedirectTo } from './guards.server';
import { logger } from './logger.server';
import { hitRateLimit } from './rate-limit.server';
import { redirectWithToast } from './toast.server';

const UNEXPECTED = 'An unexpected error occurred. Please try again.';
const TOO_MANY = 'Too many attempts. Please wait a minute and try again.';
export const NO_ADMIN_ACCESS = 'This account does not have admin access.';

type Intent = 'signin' | 'signup' | 'forgot' | 'reset' | 'resend';

/** The refusal of form `intent`: `message` as the form's error and toast, with `kind`'s status. */
function refuse(
  intent: Intent,
  kind: RefusalKind,
  message: string,
  title: string,
  fields?: Record<string, string[]>,
  extra: { unverified?: boolean; email?: string; fromCreated?: boolean } = {},
) {
  const toast: Toast = { type: 'error', title, description: message };
  return refuseFields(kind, {
    intent,
    ok: false as const,
    result: { status: 'error' as const, error: { '': [message], ...fields } },
    toast,
    ...extra,
  });
}

/** The same answer whatever the address: 'Resend verification e-mail' never tells whether it has an account. */
const RESENT_TOAST: Toast = {
  type: 'success',
  title: 'Verification e-mail sent',
  description: 'If this address has an account waiting for confirmation, a new link is on its way.',
};

/** New verification e-mails one address may be sent in an hour (besides better-auth's per-IP limit). */
const RESENDS_PER_ADDRESS_PER_HOUR = 3;

/**
 * 'Resend verification e-mail' (issue "Solid ground" 4): better-auth's own endpoint (its per-IP
 * limit applies), at most RESENDS_PER_ADDRESS_PER_HOUR for one address, and always the same
 * answer, whether the address has an account, is verified already, or is over its limit.
 */
export async function resendVerificationAction(request: Request, clientIp: string, formData: FormData) {
  // Asked from the 'Account Created' panel: the answer says so, so the page stays on that panel
  // (also when rendered by the server for a form posted without JavaScript).
  const fromCreated = formData.get('from') === CREATED_PANEL;
  const submission = parseForm(formData, { schema: forgotPasswordSchema });
  if (submission.status !== 'success')
    return refuse('resend', 'invalid', MESSAGES.emailInvalid, 'Error', { email: [MESSAGES.emailInvalid] });
  const { email } = submission.value;
  const perAddress = await hitRateLimit(`verify-mail:${email}`, RESENDS_PER_ADDRESS_PER_HOUR, 3600);
  if (perAddress.allowed) {
    const res = await callAuth(request, clientIp, '/send-verification-email', { email, callbackURL: '/dashboard' });
    if (res.status === 429) return refuse('resend', 'rate-limited', TOO_MANY, 'Error', undefined, { email, fromCreated });
    if (!res.ok) logger.error({ status: res.status, code: res.code }, 'verification e-mail not sent');
  }
  return answer({ intent: 'resend' as const, ok: true as const, toast: RESENT_TOAST, email, fromCreated });
}

/**
 * Sign In (product §8 Login / Admin login). On success: a redirect to `redirectTo` (default
 * /dashboard, or /admin-dashboard for `admin`) with the session cookie and the toast
 * 'Login Successful' / 'Welcome back!'. For `admin`, a non-admin's new session is revoked at
 * once and the answer is 403 with NO_ADMIN_ACCESS.
 */
export async function signInAction(request: Request, clientIp: string, formData: FormData, options: { admin: boolean }) {
  const submission = parseForm(formData, { schema: signInSchema });
  if (submission.status !== 'success')
    return refuseFields('invalid', {
      intent: 'signin' as const,
      ok: false as const,
      result: submission.reply({ hideFields: ['password'] }),
    });
  const { email, password } = submission.value;
  const title = 'Login Failed';
  let res;
  try {
    res = await callAuth(request, clientIp, '/sign-in/email', { email, password, rememberMe: true });
  } catch (error) {
    // A database out of reach is 503 (handleError), not the form's 500.
    if (isDatabaseUnavailable(error)) throw error;
    logger.error({ err: error }, 'sign-in failed unexpectedly');
    return refuse('signin', 'failed', UNEXPECTED, title);
  }
  if (!res.ok) {
    if (res.status === 429) return refuse('signin', 'rate-limited', TOO_MANY, title);
    if (res.code === 'EMAIL_NOT_VERIFIED')
      return refuse('signin', 'forbidden', 'Please check your email and confirm your account', title, undefined, {
        unverified: true,
      });
    if (res.code === 'ACCOUNT_LOCKED' || res.code === 'ACCOUNT_DISABLED')
      return refuse('signin', 'forbidden', res.message ?? UNEXPECTED, title);
    if (res.status === 401 || res.status === 400) return refuse('signin', 'unauthenticated', 'Invalid email or password', title);
    return refuse(
      'signin',
      refusalKindOf(res.status),
      options.admin ? 'Authentication failed. Please try again.' : UNEXPECTED,
      title,
    );
  }
  const signedIn = res.body as { token?: string; user?: { id: string }; twoFactorRedirect?: boolean };
  if (options.admin) {
    // With a second factor pending there is no session yet; the password was right, so the address names the user.
    const [row] = await db()
      .select({ isAdmin: profile.isAdmin, twoFactorEnabled: user.twoFactorEnabled })
      .from(profile)
      .innerJoin(user, eq(user.id, profile.userId))
      .where(signedIn.user ? eq(profile.userId, signedIn.user.id) : eq(user.email, email));
    if (!row?.isAdmin) {
      if (signedIn.token) await db().delete(session).where(eq(session.token, signedIn.token));
      return refuse('signin', 'forbidden', NO_ADMIN_ACCESS, title);
    }
    // Staff without a second factor go on to set one up: the password they have just given
    // starts it, so the set-up page does not ask for it again (issue 23).
    if (!row.twoFactorEnabled && signedIn.token) await startEnrolmentAtSignIn(request, clientIp, res.cookies, password);
  }
  const fallback = options.admin ? '/admin-dashboard' : '/dashboard';
  const to = safeRedirectTo(formData.get('redirectTo')) ?? fallback;
  if (signedIn.twoFactorRedirect) {
    const next = new URLSearchParams({ redirectTo: to, ...(options.admin ? { from: 'admin' } : {}) });
    return redirect(`${SECOND_STEP_PATH}?${next}`, { headers: cookieHeaders(res.cookies) });
  }
  return redirectWithToast(to, SIGNED_IN_TOAST, { headers: cookieHeaders(res.cookies) });
}

/** The page of a sign-in's second step (issue "Security and scale"). */
const SECOND_STEP_PATH = '/two-factor';
const SIGNED_IN_TOAST: Toast = { type: 'success', title: 'Login Successful', description: 'Welcome back!' };
const CODE_REFUSED = 'That code is not correct or was used already. Check your authenticator app and enter its next code.';
const RECOVERY_REFUSED = 'That recovery code is not correct or has been used already.';
const CHALLENGE_EXPIRED = 'Your sign-in has expired. Please sign in again.';

/**
 * The second step of a sign-in (/two-factor, issue "Security and scale"): a code from the
 * authenticator app or a recovery code (used once), checked by better-auth's two-factor plugin,
 * whose answer the page maps to its messages. The account lock, the per-address limits and
 * the audit of sign-ins apply as at the password (auth.server.ts hooks). On success: a redirect
 * to `redirectTo` with the session cookie; when the challenge has expired or was tried too
 * often: back to the sign-in page.
 */
export async function secondStepAction(request: Request, clientIp: string, formData: FormData, signInPath: string) {
  const submission = parseForm(formData, { schema: secondStepSchema });
  const refusal = (kind: RefusalKind, message: string) =>
    refuseFields(kind, {
      ok: false as const,
      result: submission.reply({ formErrors: [message], resetForm: true }),
      toast: { type: 'error', title: 'Verification failed', description: message } as Toast,
    });
  if (submission.status !== 'success') return refuseFields('invalid', { ok: false as const, result: submission.reply() });
  const { intent, code } = submission.value;
  const res = await callAuth(
    request,
    clientIp,
    intent === 'totp' ? '/two-factor/verify-totp' : '/two-factor/verify-backup-code',
    { code, trustDevice: false },
  );
  if (res.ok) {
    const to = safeRedirectTo(formData.get('redirectTo')) ?? '/dashboard';
    return redirectWithToast(to, SIGNED_IN_TOAST, { headers: cookieHeaders(res.cookies) });
  }
  if (res.status === 429 && res.code !== 'ACCOUNT_TEMPORARILY_LOCKED') return refusal('rate-limited', TOO_MANY);
  if (res.code === 'ACCOUNT_LOCKED' || res.code === 'ACCOUNT_DISABLED' || res.code === 'ACCOUNT_TEMPORARILY_LOCKED')
    return refusal('forbidden', res.code === 'ACCOUNT_TEMPORARILY_LOCKED' ? LOCKED_MESSAGE : (res.message ?? UNEXPECTED));
  if (res.code === 'INVALID_CODE' || res.code === 'INVALID_BACKUP_CODE')
    return refusal('unauthenticated', intent === 'totp' ? CODE_REFUSED : RECOVERY_REFUSED);
  // No challenge (expired, used, or tried too often): the password comes first again.
  return redirectWithToast(
    signInPath,
    { type: 'error', title: 'Sign in again', description: CHALLENGE_EXPIRED },
    {
      headers: cookieHeaders(res.cookies),
    },
  );
}

/**
 * Create Account (product §2, §5 sign-up, §8 Sign-up). Answers 'Account Created' for a new
 * address and for one that already has an account alike (better-auth then e-mails the owner).
 */
export async function signUpAction(request: Request, clientIp: string, formData: FormData) {
  const submission = parseForm(formData, { schema: signUpSchema, dollars: BORROWER_DOLLARS });
  if (submission.status !== 'success')
    return refuseFields('invalid', {
      intent: 'signup' as const,
      ok: false as const,
      result: submission.reply({ hideFields: ['password', 'confirmPassword'] }),
    });
  const title = 'Sign Up Failed';
  let res;
  try {
    res = await callAuth(request, clientIp, '/sign-up/email', { ...submission.value, callbackURL: '/dashboard' });
  } catch (error) {
    // A database out of reach is 503 (handleError), not the form's 500.
    if (isDatabaseUnavailable(error)) throw error;
    logger.error({ err: error }, 'sign-up failed unexpectedly');
    return refuse('signup', 'failed', 'Failed to create account', 'Sign Up Error');
  }
  if (!res.ok) {
    if (res.status === 429) return refuse('signup', 'rate-limited', TOO_MANY, title);
    return refuse('signup', res.status >= 500 ? 'failed' : 'invalid', res.message || 'Failed to create account', title);
  }
  return answer({
    intent: 'signup' as const,
    ok: true as const,
    result: submission.reply({ resetForm: true }),
    toast: { type: 'success', title: 'Account Created', description: 'Please check your email to verify your account.' } as Toast,
    email: submission.value.email,
  });
}

/**
 * Forgot password (product §5, §8 Reset): 'Please enter your email address first' without an
 * address; otherwise always 'Reset Email Sent', whether the account exists or not.
 */
export async function forgotPasswordAction(request: Request, clientIp: string, formData: FormData, resetPath: string) {
  const submission = parseForm(formData, { schema: forgotPasswordSchema });
  if (submission.status !== 'success')
    return refuse('forgot', 'invalid', MESSAGES.forgotEmail, 'Error', { email: [MESSAGES.forgotEmail] });
  const res = await callAuth(request, clientIp, '/request-password-reset', {
    email: submission.value.email,
    redirectTo: resetPath,
  });
  if (res.status === 429) return refuse('forgot', 'rate-limited', TOO_MANY, 'Error');
  if (!res.ok) {
    logger.error({ status: res.status, code: res.code }, 'password reset request failed');
    return refuse('forgot', 'failed', 'Failed to send reset email. Please try again.', 'Error');
  }
  return answer({
    intent: 'forgot' as const,
    ok: true as const,
    result: submission.reply(),
    toast: {
      type: 'success',
      title: 'Reset Email Sent',
      description: 'Check your email for password reset instructions',
    } as Toast,
  });
}

/**
 * Sets a new password from a reset link (product decisions: the sign-up rule; every session of the
 * user is signed out). Redirects to `signInPath` with a toast on success.
 */
export async function resetPasswordAction(request: Request, clientIp: string, formData: FormData, signInPath: string) {
  const submission = parseForm(formData, { schema: newPasswordSchema });
  if (submission.status !== 'success')
    return refuseFields('invalid', {
      intent: 'reset' as const,
      ok: false as const,
      result: submission.reply({ hideFields: ['newPassword', 'confirmPassword'] }),
    });
  const token = String(formData.get('token') ?? '');
  const res = await callAuth(request, clientIp, '/reset-password', { newPassword: submission.value.newPassword, token });
  if (!res.ok) {
    if (res.status === 429) return refuse('reset', 'rate-limited', TOO_MANY, 'Error');
    return refuse('reset', 'invalid', 'This reset link is invalid or has expired. Please request a new one.', 'Error');
  }
  return redirectWithToast(signInPath, {
    type: 'success',
    title: 'Password updated successfully',
    description: 'Sign in with your new password.',
  });
}

/** Signs the request's session out (errors only logged, product §8 Auth core) and goes to `to`. */
export async function signOutAction(request: Request, clientIp: string, to = '/') {
  try {
    const res = await callAuth(request, clientIp, '/sign-out', {});
    return redirect(to, { headers: cookieHeaders(res.cookies) });
  } catch (error) {
    logger.error({ err: error }, 'sign-out failed');
    return redirect(to);
  }
}

/**
 * Change password (product §5, §8 Password change; product decisions): the current password is checked
 * by better-auth ('Current password is incorrect'), the new one follows the sign-up rule, every
 * other session is signed out and this one gets a fresh cookie. Answers `{ intent, ok, toast,
 * result }` with 400 on refusal.
 */
export async function changePasswordAction(
  request: Request,
  context: { clientIp: string },
  formData: FormData,
  /** Runs once the password has changed (the admin settings record it). */
  onChanged?: () => Promise<void>,
) {
  const clientIp = context.clientIp;
  const hide = { hideFields: ['currentPassword', 'newPassword', 'confirmPassword'] };
  const submission = parseForm(formData, { schema: changePasswordSchema });
  if (submission.status !== 'success')
    return refuseFields('invalid', {
      intent: 'change-password' as const,
      ok: false,
      toast: { type: 'error', title: 'Error', description: 'Failed to update password' } as Toast,
      result: submission.reply(hide),
    });
  const res = await callAuth(request, clientIp, '/change-password', {
    currentPassword: submission.value.currentPassword,
    newPassword: submission.value.newPassword,
    revokeOtherSessions: true,
  });
  if (!res.ok) {
    const wrong = res.code === 'INVALID_PASSWORD';
    const message = wrong
      ? 'Current password is incorrect'
      : res.status === 429
        ? TOO_MANY
        : res.message || 'Failed to update password';
    return refuseFields(res.status === 429 ? 'rate-limited' : 'invalid', {
      intent: 'change-password' as const,
      ok: false as const,
      toast: { type: 'error', title: 'Error', description: message } as Toast,
      result: submission.reply({
        ...hide,
        fieldErrors: wrong ? { currentPassword: [message] } : undefined,
        formErrors: wrong ? undefined : [message],
      }),
    });
  }
  await onChanged?.();
  const toast: Toast = { type: 'success', title: 'Success', description: 'Password updated successfully' };
  // Posted without JavaScript, the page would render in this request with the old, now revoked,
  // session: callers answer through `answerForm`, which sends it on with the new cookie.
  return answer(
    { intent: 'change-password' as const, ok: true as const, toast, result: submission.reply({ resetForm: true }) },
    { headers: cookieHeaders(res.cookies) },
  );
}
