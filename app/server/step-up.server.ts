/**
 * Asking again who the user is before a sensitive action (issue "Security and scale"): granting
 * or removing admin, disabling an account, exporting personal data. The last proof (the sign-in,
 * or a later password or code) counts for CONFIRMATION_MINUTES (domain/accounts/sessions.server.ts); after that the form must carry
 * `confirmation`: the account's password or a 6-digit code from its authenticator app, checked
 * by better-auth and limited to USER_LIMITS.confirm tries per user.
 */
import { auth } from './auth.server';
import { confirmedRecently, markSessionConfirmed } from './domain/accounts/sessions.server';
import { Refused } from './errors.server';
import { limitUserAction } from './rate-limit.server';
import type { Viewer } from '~/lib/viewer';

const CONFIRMATION_NEEDED = 'For your security, confirm it’s you: enter your password or a code from your authenticator app.';
const CONFIRMATION_REFUSED = 'That password or code is not correct.';

/**
 * True when `viewer`'s last proof of identity is older than CONFIRMATION_MINUTES. The viewer was
 * read from the session on this request (viewer.server.ts), so this asks the database nothing.
 */
export async function confirmationNeeded(viewer: Viewer): Promise<boolean> {
  return !confirmedRecently(new Date(viewer.confirmedAt));
}

/**
 * Lets a sensitive action go on when `viewer` proved who they are within CONFIRMATION_MINUTES,
 * or proves it now with the form's `confirmation` (which then counts for the next ten minutes).
 * @throws Refused('forbidden') when a proof is needed and missing or wrong; Refused('rate-limited')
 * after too many tries.
 */
export async function requireRecentConfirmation(request: Request, viewer: Viewer, formData: FormData): Promise<void> {
  if (!(await confirmationNeeded(viewer))) return;
  const given = formData.get('confirmation');
  const value = typeof given === 'string' ? given.trim() : '';
  if (!value) throw new Refused('forbidden', CONFIRMATION_NEEDED, 'Confirm it’s you');
  await limitUserAction('confirm', viewer.id);
  const headers = request.headers;
  const proved = /^\d{6}$/.test(value)
    ? await auth()
        .api.verifyTOTP({ headers, body: { code: value } })
        .then(
          () => true,
          () => false,
        )
    : await auth()
        .api.verifyPassword({ headers, body: { password: value } })
        .then(
          () => true,
          () => false,
        );
  if (!proved) throw new Refused('forbidden', CONFIRMATION_REFUSED, 'Confirm it’s you');
  await markSessionConfirmed(viewer.sessionId);
}
