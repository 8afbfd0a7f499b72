/**
 * The action of the user directory's account forms (issue "Security and scale"): disable,
 * enable, grant or remove admin (domain/accounts/account-admin.server.ts), and send a password-reset or
 * a new verification e-mail through better-auth. Disabling and role changes ask for the password
 * or a code again after 10 minutes (step-up.server.ts). Every action is audited with its reason.
 * Answers `{ ok, toast, result }`; refusals 400/403/404/409 with nothing changed.
 */
import { eq } from 'drizzle-orm';
import { parseForm } from '~/lib/parse-form';
import { accountActionSchema, SENSITIVE_ACCOUNT_INTENTS, type AccountIntent } from '~/lib/schemas/account-admin';
import { answer, refuseFields } from '../answers.server';
import { auth } from '../auth.server';
import { db } from '../db/client.server';
import { user } from '../db/schema';
import { changeAccount } from '../domain/accounts/account-admin.server';
import { audit } from '../domain/audit.server';
import { NotFound, Refused } from '../errors.server';
import { requireRecentConfirmation } from '../step-up.server';
import { toastHeaders } from '../toast.server';
import type { Viewer } from '~/lib/viewer';

const DONE: Record<AccountIntent, string> = {
  disable: 'Account disabled: its sessions have ended and it cannot sign in',
  enable: 'Account enabled: it can sign in again',
  'grant-admin': 'Admin access granted: a second factor is required at the next admin page',
  'remove-admin': 'Admin access removed',
  'reset-two-factor': 'Two-step verification reset: its sessions have ended and it enrols again at the next sign-in',
  'send-reset': 'Password-reset e-mail sent',
  'resend-verification': 'Verification e-mail sent',
};

/** Answers one account form of the user directory for the admin `admin`. */
export async function accountAdminAction(request: Request, clientIp: string, admin: Viewer, formData: FormData) {
  const submission = parseForm(formData, { schema: accountActionSchema });
  if (submission.status !== 'success')
    return refuseFields('invalid', {
      ok: false,
      result: submission.reply({ hideFields: ['confirmation'] }),
      toast: { type: 'error', title: 'Not done', description: 'Please check the highlighted fields.' },
    });
  const { intent, userId, reason } = submission.value;
  if (SENSITIVE_ACCOUNT_INTENTS.has(intent)) await requireRecentConfirmation(request, admin, formData);
  if (intent === 'send-reset' || intent === 'resend-verification') {
    const [target] = await db()
      .select({ email: user.email, emailVerified: user.emailVerified })
      .from(user)
      .where(eq(user.id, userId));
    if (!target) throw new NotFound('No such account.');
    if (intent === 'send-reset')
      await auth().api.requestPasswordReset({ body: { email: target.email, redirectTo: '/reset-password' } });
    else {
      if (target.emailVerified) throw new Refused('conflict', 'This e-mail address is confirmed already.', 'Not sent');
      await auth().api.sendVerificationEmail({ body: { email: target.email, callbackURL: '/dashboard' } });
    }
    await audit(
      admin,
      intent === 'send-reset' ? 'account.reset_sent' : 'account.verification_sent',
      { type: 'user', id: userId },
      { reason, clientIp },
    );
  } else await changeAccount(admin, userId, intent, reason, clientIp);
  // A flash toast: the form's row changes (or leaves) on the revalidation that follows.
  return answer(
    { ok: true, result: submission.reply({ resetForm: true }) },
    { headers: await toastHeaders({ type: 'success', title: DONE[intent] }) },
  );
}
