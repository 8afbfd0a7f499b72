/**
 * /admin-dashboard/settings (product §2 Settings, §4 password dialog, §5 change password): the
 * 'Password Management' card and the 'Change Admin Password' dialog (Current Password, New
 * Password, Confirm New Password; 'Updating...' while working; closes and clears on success).
 * The current password is checked on the server; the change is recorded in the audit log. Below:
 * two-step verification (always on for staff) and 'Where you're signed in' (issue "Security and
 * scale"). First, the loan file's target days per stage (issue 23 "Trust at first sight"): the
 * borrower's loan page shows the next milestone's expected date from them.
 */
import { KeyRound } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import type { Route } from './+types/settings';
import { keepActionHeaders } from '~/lib/route-headers';
import { ChangePasswordForm } from '~/components/auth/change-password-form';
import { PageHeader } from '~/components/layout/dashboard-shell';
import { buttonClasses } from '~/components/ui/button';
import { answer, answerForm, answerRefusals, refuseFields } from '~/server/answers.server';
import { StageTargetsForm } from '~/components/loans/stage-targets-form';
import { parseForm } from '~/lib/parse-form';
import { stageTargetsSchema, targetsOf } from '~/lib/schemas/stage-targets';
import { listStageTargets, setStageTargets } from '~/server/domain/loans/milestones.server';
import { toastHeaders } from '~/server/toast.server';
import { changePasswordAction } from '~/server/auth-actions.server';
import { audit } from '~/server/domain/audit.server';
import { readForm, readIntent } from '~/server/forms.server';
import { requestInfo } from '~/load-context';
import { requireAdmin } from '~/server/guards.server';
import { SignedInSessions, TwoFactorCard } from '~/components/account/security-cards';
import { accountSecurityAction } from '~/server/actions/account-security.server';
import { listSessions } from '~/server/domain/accounts/sessions.server';
import { cardClasses } from '~/components/ui/card';
import { dialogContentClasses, dialogOverlayClasses, dialogTitleClasses } from '~/components/ui/dialog';

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin({ request, context });
  const [sessions, targets] = await Promise.all([listSessions(admin.id, admin.sessionId), listStageTargets()]);
  return { email: admin.email, sessions, targets };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin({ request, context });
  return answerRefusals(async () => {
    const formData = await readForm(request);
    // The password form names its intent; a post without one is that form too.
    const { intent } = readIntent(formData, ['end-session', 'change-password', 'stage-targets'], { absent: 'change-password' });
    if (intent === 'stage-targets')
      return answerForm(requestInfo(context), '/admin-dashboard/settings', async () => {
        const submission = parseForm(formData, { schema: stageTargetsSchema });
        if (submission.status !== 'success') return refuseFields('invalid', { ok: false, result: submission.reply() });
        await setStageTargets(admin, targetsOf(submission.value));
        return answer(
          { ok: true, result: submission.reply() },
          { headers: await toastHeaders({ type: 'success', title: 'Targets saved' }) },
        );
      });
    if (intent === 'end-session')
      return accountSecurityAction(request, requestInfo(context).clientIp, admin, intent, formData, '/admin-dashboard/settings');
    return answerForm(requestInfo(context), '/admin-dashboard/settings', () =>
      changePasswordAction(request, requestInfo(context), formData, () =>
        audit(admin, 'admin.password_changed', { type: 'user', id: admin.id }),
      ),
    );
  });
}

function PasswordDialog() {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<typeof action>();
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={buttonClasses('navy')}>Change Password</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClasses} />
        <Dialog.Content aria-describedby={undefined} className={dialogContentClasses('30rem')}>
          <Dialog.Title className={dialogTitleClasses}>Change Admin Password</Dialog.Title>
          {/* Unmounted on close, so a reopened dialog starts empty. */}
          <ChangePasswordForm
            id="admin-password"
            fetcher={fetcher}
            onSuccess={() => setOpen(false)}
            className="mt-5 grid gap-4"
            extraButtons={<Dialog.Close className={buttonClasses('secondary')}>Cancel</Dialog.Close>}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Settings" subtitle="Manage system settings and configurations" />
      <section aria-labelledby="password-management" className={cardClasses('none', 'max-w-2xl p-6')}>
        <h2 id="password-management" className="flex items-center gap-2 text-xl">
          <KeyRound aria-hidden className="size-5 text-brass-600" /> Password Management
        </h2>
        <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h3 className="font-sans text-base font-semibold text-navy-900">Admin Password</h3>
            <p className="text-sm text-muted">
              Signed in as {loaderData.email}. Changing the password signs out your other sessions.
            </p>
          </div>
          <PasswordDialog />
        </div>
      </section>
      <div className="mt-6 grid max-w-2xl gap-6">
        <StageTargetsForm targets={loaderData.targets} />
        <TwoFactorCard enabled required back="/admin-dashboard/settings" />
        <SignedInSessions sessions={loaderData.sessions} />
      </div>
    </>
  );
}

export const headers = keepActionHeaders;

export const meta: Route.MetaFunction = () => [{ title: 'Settings | Ormsby Lending Admin' }];
