/**
 * The action of /dashboard/profile (product §2 Profile; product decisions): one card, one intent
 * (parsed, never cast): basic info, investment profile (investors), borrower preferences
 * (borrowers), notification preferences, the photo (PNG, JPEG or WebP up to 2 MB, read through
 * `readUpload` and re-encoded), the reset e-mail, change password and 'Logout All Devices'. Every
 * intent changes only the signed-in user's own profile. Answers `{ intent, ok, toast, result }`.
 */
import type { SubmissionResult } from '@conform-to/react';
import { redirect } from 'react-router';
import type { RequestInfo } from '~/load-context';
import { parseForm } from '~/lib/parse-form';
import { BORROWER_DOLLARS } from '~/lib/schemas/auth';
import {
  AVATAR_MAX_BYTES,
  basicInfoSchema,
  borrowerPreferencesSchema,
  investmentProfileSchema,
  notificationPreferencesSchema,
} from '~/lib/schemas/profile';
import type { Toast } from '~/lib/toast';
import { answer, answerForm, answerRefusals, refuseFields } from '../answers.server';
import type { RefusalKind } from '../errors.server';
import { requestedPath } from '../guards.server';
import { changePasswordAction } from '../auth-actions.server';
import { callAuth, cookieHeaders } from '../auth-gateway.server';
import {
  replaceAvatar,
  updateBasicInfo,
  updateBorrowerPreferences,
  updateInvestmentProfile,
  updateNotificationPreferences,
} from '../domain/accounts/profiles.server';
import { bufferFile, readIntent, readUpload, type BufferedFile } from '../forms.server';
import { logger } from '../logger.server';
import { accountSecurityAction, SECURITY_INTENTS } from './account-security.server';
import type { Viewer } from '~/lib/viewer';

const PROFILE_INTENTS = [
  'basic',
  'investment',
  'borrower',
  'notifications',
  'avatar',
  'reset-email',
  'change-password',
  'logout-all',
  ...SECURITY_INTENTS,
] as const;
type Intent = (typeof PROFILE_INTENTS)[number];

/** A card's success: its intent, the toast, Conform's reply. */
const done = (intent: Intent, toast: Toast, result?: SubmissionResult<string[]>) =>
  answer({ intent, ok: true as const, toast, result });
/** A card's refusal, with the status of `kind`. */
const refused = (intent: Intent, kind: RefusalKind, toast: Toast, result?: SubmissionResult<string[]>) =>
  refuseFields(kind, { intent, ok: false as const, toast, result });
const saved: Toast = { type: 'success', title: 'Profile updated successfully!' };
const failed = (message: string): Toast => ({
  type: 'error',
  title: 'Error',
  description: `Failed to update profile: ${message}`,
});

/** Answers one form of the profile page for `viewer` (a borrower or an investor). */
export async function profileAction(request: Request, context: RequestInfo, viewer: Viewer) {
  return answerRefusals(async () => {
    const upload = await readUpload(request, {
      maxFiles: 1,
      accept: (file) => bufferFile(file, AVATAR_MAX_BYTES, 'The image must be under 2MB.'),
    });
    return answerIntent(request, context, viewer, upload.form, upload.files[0]);
  });
}

async function answerIntent(
  request: Request,
  context: RequestInfo,
  viewer: Viewer,
  formData: FormData,
  avatar: BufferedFile | undefined,
) {
  const { intent } = readIntent(formData, PROFILE_INTENTS);

  switch (intent) {
    case 'basic': {
      const submission = parseForm(formData, { schema: basicInfoSchema });
      if (submission.status !== 'success')
        return refused(intent, 'invalid', failed('please check the highlighted fields'), submission.reply());
      await updateBasicInfo(viewer.id, submission.value);
      return done(intent, saved, submission.reply());
    }
    case 'investment': {
      if (!viewer.isInvestor) return refused(intent, 'forbidden', failed('only investors have an investment profile'));
      const submission = parseForm(formData, { schema: investmentProfileSchema });
      if (submission.status !== 'success')
        return refused(intent, 'invalid', failed('please check the highlighted fields'), submission.reply());
      await updateInvestmentProfile(viewer.id, submission.value);
      return done(intent, saved, submission.reply());
    }
    case 'borrower': {
      if (!viewer.isBorrower) return refused(intent, 'forbidden', failed('only borrowers have borrower preferences'));
      const submission = parseForm(formData, { schema: borrowerPreferencesSchema, dollars: BORROWER_DOLLARS });
      if (submission.status !== 'success')
        return refused(intent, 'invalid', failed('please check the highlighted fields'), submission.reply());
      await updateBorrowerPreferences(viewer.id, submission.value);
      return done(intent, saved, submission.reply());
    }
    case 'notifications': {
      const submission = parseForm(formData, { schema: notificationPreferencesSchema });
      if (submission.status !== 'success') return refused(intent, 'invalid', failed('invalid preferences'), submission.reply());
      await updateNotificationPreferences(viewer.id, submission.value);
      return done(intent, { type: 'success', title: 'Notification preferences saved' }, submission.reply());
    }
    case 'avatar': {
      if (!avatar || avatar.field !== 'avatar' || avatar.bytes.byteLength === 0)
        return refused(intent, 'invalid', {
          type: 'error',
          title: 'Invalid file type',
          description: 'Please upload an image file.',
        });
      const result = await replaceAvatar(viewer.id, avatar.bytes);
      if (result.ok) return done(intent, { type: 'success', title: 'Profile photo updated' });
      return result.reason === 'type'
        ? refused(intent, 'unsupported', {
            type: 'error',
            title: 'Invalid file type',
            description: 'Please upload an image file.',
          })
        : refused(intent, 'failed', { type: 'error', title: 'Upload failed', description: 'Please try again.' });
    }
    case 'reset-email': {
      const res = await callAuth(request, context.clientIp, '/request-password-reset', {
        email: viewer.email,
        redirectTo: '/reset-password',
      });
      if (res.status === 429)
        return refused(intent, 'rate-limited', {
          type: 'error',
          title: 'Error',
          description: 'Too many attempts. Please wait a minute and try again.',
        });
      if (!res.ok)
        return refused(intent, 'failed', {
          type: 'error',
          title: 'Error',
          description: 'Failed to send reset email. Please try again.',
        });
      return done(intent, {
        type: 'success',
        title: 'Reset Email Sent',
        description: 'Check your email for password reset instructions',
      });
    }
    case 'change-password':
      return answerForm(context, requestedPath(request), () => changePasswordAction(request, context, formData));
    case 'end-session':
    case 'two-factor-off':
      return accountSecurityAction(request, context.clientIp, viewer, intent, formData, '/dashboard/profile');
    case 'logout-all': {
      // product decisions: every session of the user, this one included; then to /login.
      const revoked = await callAuth(request, context.clientIp, '/revoke-sessions', {});
      if (!revoked.ok) logger.error({ status: revoked.status }, 'revoking sessions failed');
      const out = await callAuth(request, context.clientIp, '/sign-out', {});
      throw redirect('/login', { headers: cookieHeaders(out.cookies) });
    }
  }
}
