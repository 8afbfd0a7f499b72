/**
 * The security intents every signed-in user's own settings share (issue "Security and
 * scale"): the profile (borrowers, investors) and the admin's Settings. `end-session` ends one
 * of the viewer's sessions ('Where you're signed in'; someone else's is 404); `two-factor-off`
 * turns two-step verification off with the password (never for staff).
 */
import { z } from 'zod';
import { parseForm } from '~/lib/parse-form';
import { answer } from '../answers.server';
import { endSession } from '../domain/accounts/sessions.server';
import { Refused } from '../errors.server';
import { toastHeaders } from '../toast.server';
import type { Viewer } from '~/lib/viewer';
import { turnTwoFactorOff } from './two-factor.server';

/** The intents handled here; a route passes them on and answers the others itself. */
export const SECURITY_INTENTS = ['end-session', 'two-factor-off'] as const;
export type SecurityIntent = (typeof SECURITY_INTENTS)[number];

const endSessionSchema = z.object({ sessionId: z.string().min(1).max(64) });

/**
 * Answers `intent` for `viewer`; `back` is the page to return to after a change that replaces
 * the session cookie.
 */
export async function accountSecurityAction(
  request: Request,
  clientIp: string,
  viewer: Viewer,
  intent: SecurityIntent,
  formData: FormData,
  back: string,
) {
  if (intent === 'two-factor-off') return turnTwoFactorOff(request, clientIp, viewer, formData, back);
  const submission = parseForm(formData, { schema: endSessionSchema });
  if (submission.status !== 'success') throw new Refused('invalid', 'Choose a session to end.');
  if (submission.value.sessionId === viewer.sessionId)
    throw new Refused('invalid', 'This is the session you are using: sign out instead.');
  await endSession(viewer.id, submission.value.sessionId);
  // A flash toast: the row leaves the list on the revalidation that follows.
  return answer(
    { ok: true, intent },
    {
      headers: await toastHeaders({
        type: 'success',
        title: 'Signed out on that device',
        description: 'Its next request goes to the sign-in page.',
      }),
    },
  );
}
