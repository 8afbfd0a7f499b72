/**
 * /dashboard/profile (product §2 Profile; product decisions): borrowers and investors. A profile card
 * with the photo; basic info, investment profile (investors) and borrower preferences
 * (borrowers), each with view and edit modes; notification preferences (saved); security:
 * a reset e-mail, change password (current one checked on the server, other sessions signed
 * out) and 'Logout All Devices'; the real last sign-in time. Every action checks the session
 * and the role itself and changes only the caller's own profile.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseForm } from '~/lib/parse-form';
import { Camera, KeyRound, LogOut, Mail, Pencil, ShieldCheck } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { data, redirect, useFetcher } from 'react-router';
import type { Route } from './+types/profile';
import { keepSessionCookies } from '~/lib/route-headers';
import { ChangePasswordForm } from '~/components/auth/change-password-form';
import { Choice, ChoiceGroup, ErrorList, Field, SelectField } from '~/components/forms';
import { PageHeader } from '~/components/layout/dashboard-shell';
import { Button } from '~/components/ui/button';
import { roleLabel } from '~/lib/nav';
import { enumLabels, INVESTMENT_EXPERIENCE, LOAN_AMOUNT_RANGES } from '~/lib/schemas/auth';
import {
  AVATAR_MAX_BYTES,
  basicInfoSchema,
  borrowerPreferencesSchema,
  HIDDEN_PROPERTY_TYPE,
  investmentProfileSchema,
  notificationPreferencesSchema,
  PROFILE_LOAN_TYPES,
  PROFILE_PROPERTY_TYPES,
} from '~/lib/schemas/profile';
import { showToast, type Toast } from '~/lib/toast';
import { useActionAnswer } from '~/lib/use-action-answer';
import { changePasswordAction } from '~/server/auth-actions.server';
import { callAuth, cookieHeaders } from '~/server/auth-gateway.server';
import {
  getProfile,
  replaceAvatar,
  updateBasicInfo,
  updateBorrowerPreferences,
  updateInvestmentProfile,
  updateNotificationPreferences,
} from '~/server/domain/profiles.server';
import { requireRole } from '~/server/guards.server';
import { logger } from '~/server/logger.server';
import { answerRefusals } from '~/server/answers.server';
import { bufferFile, readUpload, type BufferedFile } from '~/server/forms.server';
import type { Viewer } from '~/server/viewer.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole({ request, context }, 'any');
  const profile = await getProfile(viewer.id);
  if (!profile) throw redirect('/');
  return {
    profile: {
      ...profile,
      memberSince: profile.memberSince.toISOString(),
      lastLoginAt: profile.lastLoginAt?.toISOString() ?? null,
      propertyTypes: profile.propertyTypes.filter((t) => t !== HIDDEN_PROPERTY_TYPE),
    },
  };
}

type Intent = 'basic' | 'investment' | 'borrower' | 'notifications' | 'avatar' | 'reset-email' | 'change-password';

function answer(intent: Intent, status: number, toast: Toast, result?: SubmissionResult<string[]>, init?: ResponseInit) {
  return data({ intent, ok: status < 400, toast, result }, { ...init, status });
}
const saved: Toast = { type: 'success', title: 'Profile updated successfully!' };
const failed = (message: string): Toast => ({
  type: 'error',
  title: 'Error',
  description: `Failed to update profile: ${message}`,
});

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireRole({ request, context }, 'any');
  return answerRefusals(async () => {
    const upload = await readUpload(request, {
      maxFiles: 1,
      accept: (file) => bufferFile(file, AVATAR_MAX_BYTES, 'The image must be under 2MB.'),
    });
    return profileAction(request, context, viewer, upload.form, upload.files[0]);
  });
}

async function profileAction(
  request: Request,
  context: Route.ActionArgs['context'],
  viewer: Viewer,
  formData: FormData,
  avatar: BufferedFile | undefined,
) {
  const intent = String(formData.get('intent') ?? '') as Intent | 'logout-all';

  switch (intent) {
    case 'basic': {
      const submission = parseForm(formData, { schema: basicInfoSchema });
      if (submission.status !== 'success')
        return answer(intent, 400, failed('please check the highlighted fields'), submission.reply());
      await updateBasicInfo(viewer.id, submission.value);
      return answer(intent, 200, saved, submission.reply());
    }
    case 'investment': {
      if (!viewer.isInvestor) return answer(intent, 403, failed('only investors have an investment profile'));
      const submission = parseForm(formData, { schema: investmentProfileSchema });
      if (submission.status !== 'success')
        return answer(intent, 400, failed('please check the highlighted fields'), submission.reply());
      await updateInvestmentProfile(viewer.id, submission.value);
      return answer(intent, 200, saved, submission.reply());
    }
    case 'borrower': {
      if (!viewer.isBorrower) return answer(intent, 403, failed('only borrowers have borrower preferences'));
      const submission = parseForm(formData, { schema: borrowerPreferencesSchema });
      if (submission.status !== 'success')
        return answer(intent, 400, failed('please check the highlighted fields'), submission.reply());
      await updateBorrowerPreferences(viewer.id, submission.value);
      return answer(intent, 200, saved, submission.reply());
    }
    case 'notifications': {
      const submission = parseForm(formData, { schema: notificationPreferencesSchema });
      if (submission.status !== 'success') return answer(intent, 400, failed('invalid preferences'), submission.reply());
      await updateNotificationPreferences(viewer.id, submission.value);
      return answer(intent, 200, { type: 'success', title: 'Notification preferences saved' }, submission.reply());
    }
    case 'avatar': {
      if (!avatar || avatar.field !== 'avatar' || avatar.bytes.byteLength === 0)
        return answer(intent, 400, { type: 'error', title: 'Invalid file type', description: 'Please upload an image file.' });
      const result = await replaceAvatar(viewer.id, avatar.bytes);
      if (result.ok) return answer(intent, 200, { type: 'success', title: 'Profile photo updated' });
      return result.reason === 'type'
        ? answer(intent, 415, { type: 'error', title: 'Invalid file type', description: 'Please upload an image file.' })
        : answer(intent, 500, { type: 'error', title: 'Upload failed', description: 'Please try again.' });
    }
    case 'reset-email': {
      const res = await callAuth(request, context.clientIp, '/request-password-reset', {
        email: viewer.email,
        redirectTo: '/reset-password',
      });
      if (res.status === 429)
        return answer(intent, 429, {
          type: 'error',
          title: 'Error',
          description: 'Too many attempts. Please wait a minute and try again.',
        });
      if (!res.ok)
        return answer(intent, 500, {
          type: 'error',
          title: 'Error',
          description: 'Failed to send reset email. Please try again.',
        });
      return answer(intent, 200, {
        type: 'success',
        title: 'Reset Email Sent',
        description: 'Check your email for password reset instructions',
      });
    }
    case 'change-password':
      return changePasswordAction(request, context, formData);
    case 'logout-all': {
      // product decisions: every session of the user, this one included; then to /login.
      const revoked = await callAuth(request, context.clientIp, '/revoke-sessions', {});
      if (!revoked.ok) logger.error({ status: revoked.status }, 'revoking sessions failed');
      const out = await callAuth(request, context.clientIp, '/sign-out', {});
      throw redirect('/login', { headers: cookieHeaders(out.cookies) });
    }
    default:
      return answer('basic', 400, failed('unknown request'));
  }
}

type ProfileData = Route.ComponentProps['loaderData']['profile'];

export default function ProfilePage({ loaderData: { profile } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Profile" subtitle="Your details, preferences and security settings." />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <ProfileCard profile={profile} />
        <div className="grid gap-6">
          <BasicInfo profile={profile} />
          {profile.isInvestor && <InvestmentProfile profile={profile} />}
          {profile.isBorrower && <BorrowerPreferences profile={profile} />}
          <NotificationPreferences profile={profile} />
          <Security profile={profile} />
        </div>
      </div>
    </>
  );
}

/** Shows the toast of a fetcher's answer once, and reports success to `onSuccess`. */
function useAnswer(fetcher: ReturnType<typeof useFetcher<typeof action>>, onSuccess?: () => void) {
  useActionAnswer(fetcher, { onSuccess });
}

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

function Card({ title, icon, action, children }: { title: string; icon?: ReactNode; action?: ReactNode; children: ReactNode }) {
  return (
    <section className="rounded-[var(--radius-card)] border border-line bg-surface p-6 shadow-[var(--shadow-card)] sm:p-8">
      <div className="mb-5 flex items-center justify-between gap-4">
        <h2 className="flex items-center gap-2 text-xl">
          {icon}
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function EditButton({ onClick, label }: { onClick: () => void; label: string }) {
  return (
    <Button variant="secondary" size="sm" onClick={onClick} aria-label={label}>
      <Pencil aria-hidden className="size-4" />
      Edit
    </Button>
  );
}

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-8 gap-y-4 sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt className="text-sm text-muted">{label}</dt>
          <dd className="mt-0.5 font-medium text-ink">{value || <span className="font-normal text-muted">Not provided</span>}</dd>
        </div>
      ))}
    </dl>
  );
}

function FormButtons({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  return (
    <div className="flex gap-3 sm:col-span-2">
      <Button type="submit" variant="navy" disabled={busy}>
        {busy ? 'Saving…' : 'Save'}
      </Button>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
    </div>
  );
}

function ProfileCard({ profile }: { profile: ProfileData }) {
  const fetcher = useFetcher<typeof action>();
  const input = useRef<HTMLInputElement>(null);
  useAnswer(fetcher);
  const initials = profile.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

  function upload(file: File | undefined) {
    if (!file) return;
    if (!file.type.startsWith('image/'))
      return showToast({ type: 'error', title: 'Invalid file type', description: 'Please upload an image file.' });
    if (file.size > AVATAR_MAX_BYTES)
      return showToast({ type: 'error', title: 'File too large', description: 'The image must be under 2MB.' });
    const body = new FormData();
    body.set('intent', 'avatar');
    body.set('avatar', file);
    fetcher.submit(body, { method: 'post', encType: 'multipart/form-data' });
  }

  return (
    <section className="h-fit rounded-[var(--radius-card)] border border-line bg-surface p-6 text-center shadow-[var(--shadow-card)]">
      <div className="relative mx-auto size-28">
        {profile.avatarKey ? (
          <img
            src={`/${profile.avatarKey}`}
            alt={profile.name}
            width={112}
            height={112}
            className="size-28 rounded-full object-cover ring-4 ring-brass-100"
          />
        ) : (
          <span
            aria-hidden
            className="flex size-28 items-center justify-center rounded-full bg-navy-900 font-serif text-3xl text-brass-300 ring-4 ring-brass-100"
          >
            {initials || '?'}
          </span>
        )}
        <button
          type="button"
          onClick={() => input.current?.click()}
          disabled={fetcher.state !== 'idle'}
          className="absolute right-0 bottom-0 inline-flex size-10 items-center justify-center rounded-full bg-brass-500 text-navy-950 shadow-md hover:bg-brass-400 disabled:opacity-60"
        >
          <Camera aria-hidden className="size-5" />
          <span className="sr-only">Change profile photo</span>
        </button>
        <input
          ref={input}
          type="file"
          name="avatar"
          accept="image/png,image/jpeg,image/webp"
          className="sr-only"
          tabIndex={-1}
          aria-label="Profile photo"
          onChange={(e) => {
            upload(e.currentTarget.files?.[0]);
            e.currentTarget.value = '';
          }}
        />
      </div>
      {fetcher.state !== 'idle' && <p className="mt-3 text-sm text-muted">Uploading…</p>}
      <p className="mt-4 font-serif text-2xl text-navy-900">{profile.name}</p>
      <p className="mt-1 inline-block rounded-full bg-brass-50 px-3 py-1 text-xs font-semibold tracking-wide text-brass-800">
        {roleLabel(profile)}
      </p>
      <p className="mt-3 text-sm break-all text-muted">{profile.email}</p>
      <p className="mt-1 text-xs text-muted">PNG, JPEG or WebP, under 2 MB.</p>
    </section>
  );
}

function BasicInfo({ profile }: { profile: ProfileData }) {
  const [editing, setEditing] = useState(false);
  const fetcher = useFetcher<typeof action>();
  useAnswer(fetcher, () => setEditing(false));
  const [form, fields] = useForm({
    id: 'basic-info',
    lastResult: fetcher.state === 'idle' && fetcher.data?.intent === 'basic' ? fetcher.data.result : undefined,
    defaultValue: {
      name: profile.name,
      title: profile.title ?? '',
      companyName: profile.companyName ?? '',
      phone: profile.phone ?? '',
    },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema: basicInfoSchema }),
  });
  return (
    <Card
      title="Basic Information"
      action={!editing && <EditButton label="Edit basic information" onClick={() => setEditing(true)} />}
    >
      {editing ? (
        <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-5 sm:grid-cols-2">
          <input type="hidden" name="intent" value="basic" />
          <Field
            label="Full name"
            errors={fields.name.errors}
            inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'name' }}
          />
          <Field
            label="Email"
            hint="Email address cannot be changed"
            inputProps={{ id: 'profile-email', type: 'email', value: profile.email, disabled: true, readOnly: true }}
          />
          <Field
            label="Title"
            errors={fields.title.errors}
            inputProps={{ ...getInputProps(fields.title, { type: 'text' }), autoComplete: 'organization-title' }}
          />
          <Field
            label="Company name"
            errors={fields.companyName.errors}
            inputProps={{ ...getInputProps(fields.companyName, { type: 'text' }), autoComplete: 'organization' }}
          />
          <Field
            label={
              <>
                Phone <span className="font-normal text-muted">(optional)</span>
              </>
            }
            errors={fields.phone.errors}
            inputProps={{ ...getInputProps(fields.phone, { type: 'tel' }), autoComplete: 'tel' }}
          />
          <ErrorList id={form.errorId} errors={form.errors} />
          <FormButtons busy={fetcher.state !== 'idle'} onCancel={() => setEditing(false)} />
        </fetcher.Form>
      ) : (
        <Facts
          items={[
            ['Full name', profile.name],
            ['Email', profile.email],
            ['Title', profile.title],
            ['Company name', profile.companyName],
            ['Phone', profile.phone],
            ['Member since', new Date(profile.memberSince).toLocaleDateString('en-US', { month: 'long', year: 'numeric' })],
          ]}
        />
      )}
    </Card>
  );
}

function InvestmentProfile({ profile }: { profile: ProfileData }) {
  const [editing, setEditing] = useState(false);
  const fetcher = useFetcher<typeof action>();
  useAnswer(fetcher, () => setEditing(false));
  const [form, fields] = useForm({
    id: 'investment-profile',
    lastResult: fetcher.state === 'idle' && fetcher.data?.intent === 'investment' ? fetcher.data.result : undefined,
    defaultValue: {
      isAccredited: profile.isAccredited === null ? '' : profile.isAccredited ? 'yes' : 'no',
      netWorth: profile.netWorth ? (enumLabels[profile.netWorth] ?? profile.netWorth) : '',
      investmentExperience: profile.investmentExperience ?? '',
    },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema: investmentProfileSchema }),
  });
  return (
    <Card
      title="Investment Profile"
      action={!editing && <EditButton label="Edit investment profile" onClick={() => setEditing(true)} />}
    >
      {editing ? (
        <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-5 sm:grid-cols-2">
          <input type="hidden" name="intent" value="investment" />
          <ChoiceGroup
            className="sm:col-span-2"
            legend="Accredited investor"
            errors={fields.isAccredited.errors}
            errorId={`${fields.isAccredited.id}-error`}
          >
            {(['yes', 'no'] as const).map((v) => (
              <Choice
                key={v}
                label={enumLabels[v]}
                inputProps={{
                  ...getInputProps(fields.isAccredited, { type: 'radio', value: v }),
                  id: `${fields.isAccredited.id}-${v}`,
                }}
              />
            ))}
          </ChoiceGroup>
          <Field
            label="Net worth"
            errors={fields.netWorth.errors}
            inputProps={getInputProps(fields.netWorth, { type: 'text' })}
          />
          <SelectField
            label="Investment experience"
            options={INVESTMENT_EXPERIENCE.map((v) => ({ value: v, label: v }))}
            errors={fields.investmentExperience.errors}
            selectProps={getInputProps(fields.investmentExperience, { type: 'text' }) as never}
          />
          <FormButtons busy={fetcher.state !== 'idle'} onCancel={() => setEditing(false)} />
        </fetcher.Form>
      ) : (
        <Facts
          items={[
            ['Accredited investor', profile.isAccredited === null ? null : profile.isAccredited ? 'Yes' : 'No'],
            ['Annual income', profile.income ? enumLabels[profile.income] : null],
            ['Net worth', profile.netWorth ? (enumLabels[profile.netWorth] ?? profile.netWorth) : null],
            ['Investment experience', profile.investmentExperience],
          ]}
        />
      )}
    </Card>
  );
}

/** The profile select's option for a stored loan type (sign-up stores 'bridge', the profile 'Bridge'). */
function profileLoanType(stored: string | null): string {
  if (!stored) return '';
  return PROFILE_LOAN_TYPES.find((t) => t.toLowerCase() === stored.toLowerCase()) ?? '';
}

function BorrowerPreferences({ profile }: { profile: ProfileData }) {
  const [editing, setEditing] = useState(false);
  const fetcher = useFetcher<typeof action>();
  useAnswer(fetcher, () => setEditing(false));
  const [form, fields] = useForm({
    id: 'borrower-preferences',
    lastResult: fetcher.state === 'idle' && fetcher.data?.intent === 'borrower' ? fetcher.data.result : undefined,
    defaultValue: {
      loanType: profileLoanType(profile.loanType),
      propertyTypes: profile.propertyTypes.filter((t) => (PROFILE_PROPERTY_TYPES as readonly string[]).includes(t)),
      loanAmountRange: profile.loanAmountRange ?? '',
    },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema: borrowerPreferencesSchema }),
  });
  return (
    <Card
      title="Borrower Preferences"
      action={!editing && <EditButton label="Edit borrower preferences" onClick={() => setEditing(true)} />}
    >
      {editing ? (
        <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-5 sm:grid-cols-2">
          <input type="hidden" name="intent" value="borrower" />
          <SelectField
            label="Preferred loan type"
            options={PROFILE_LOAN_TYPES.map((v) => ({ value: v, label: v }))}
            errors={fields.loanType.errors}
            selectProps={getInputProps(fields.loanType, { type: 'text' }) as never}
          />
          <SelectField
            label="Typical loan amount"
            options={LOAN_AMOUNT_RANGES.map((v) => ({ value: v, label: enumLabels[v] ?? v }))}
            errors={fields.loanAmountRange.errors}
            selectProps={getInputProps(fields.loanAmountRange, { type: 'text' }) as never}
          />
          <ChoiceGroup
            className="sm:col-span-2"
            legend="Property types"
            errors={fields.propertyTypes.errors}
            errorId={`${fields.propertyTypes.id}-error`}
          >
            {PROFILE_PROPERTY_TYPES.map((v) => (
              <Choice
                key={v}
                label={v}
                inputProps={{
                  ...getInputProps(fields.propertyTypes, { type: 'checkbox', value: v }),
                  id: `${fields.propertyTypes.id}-${v.replace(/\W+/g, '-')}`,
                }}
              />
            ))}
          </ChoiceGroup>
          <FormButtons busy={fetcher.state !== 'idle'} onCancel={() => setEditing(false)} />
        </fetcher.Form>
      ) : (
        <Facts
          items={[
            ['Preferred loan type', profile.loanType ? (enumLabels[profile.loanType] ?? profile.loanType) : null],
            ['Typical loan amount', profile.loanAmountRange ? enumLabels[profile.loanAmountRange] : null],
            ['Property types', profile.propertyTypes.join(', ')],
          ]}
        />
      )}
    </Card>
  );
}

function NotificationPreferences({ profile }: { profile: ProfileData }) {
  const fetcher = useFetcher<typeof action>();
  useAnswer(fetcher);
  return (
    <Card title="Notification Preferences" icon={<Mail aria-hidden className="size-5 text-brass-600" />}>
      <fetcher.Form method="post" className="grid gap-4">
        <input type="hidden" name="intent" value="notifications" />
        <Choice
          label="Email notifications"
          description="Updates about your documents, deals and account. Security e-mails are always sent."
          inputProps={{ type: 'checkbox', name: 'notifyEmail', defaultChecked: profile.notifyEmail }}
        />
        <Choice
          label="SMS notifications"
          description="Text messages for time-sensitive updates."
          inputProps={{ type: 'checkbox', name: 'notifySms', defaultChecked: profile.notifySms }}
        />
        <Choice
          label="Marketing e-mails"
          description="New programmes, market letters and events."
          inputProps={{ type: 'checkbox', name: 'notifyMarketing', defaultChecked: profile.notifyMarketing }}
        />
        <div>
          <Button type="submit" variant="navy" disabled={fetcher.state !== 'idle'}>
            {fetcher.state !== 'idle' ? 'Saving…' : 'Save preferences'}
          </Button>
        </div>
      </fetcher.Form>
    </Card>
  );
}

function Security({ profile }: { profile: ProfileData }) {
  const reset = useFetcher<typeof action>();
  const change = useFetcher<typeof action>();
  const logout = useFetcher<typeof action>();
  useAnswer(reset);
  return (
    <Card title="Security Settings" icon={<ShieldCheck aria-hidden className="size-5 text-brass-600" />}>
      <div className="grid gap-8">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h3 className="font-sans text-base font-semibold text-navy-900">Last Login</h3>
            <p className="text-sm text-muted">{profile.lastLoginAt ? dateTime(profile.lastLoginAt) : 'Never'}</p>
          </div>
        </div>

        <div className="border-t border-line pt-6">
          <h3 className="font-sans text-base font-semibold text-navy-900">Reset password by e-mail</h3>
          <p className="mt-1 text-sm text-muted">We send a link to {profile.email} to choose a new password.</p>
          {reset.data?.intent === 'reset-email' && reset.data.ok && (
            <p role="status" className="mt-3 rounded-lg bg-navy-50 p-3 text-sm text-navy-900">
              Password reset email sent. Check your inbox for instructions.
            </p>
          )}
          <reset.Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="reset-email" />
            <Button type="submit" variant="secondary" disabled={reset.state !== 'idle'}>
              <Mail aria-hidden className="size-4" />
              {reset.state !== 'idle' ? 'Sending…' : 'Send reset email'}
            </Button>
          </reset.Form>
        </div>

        <div className="border-t border-line pt-6">
          <h3 className="flex items-center gap-2 font-sans text-base font-semibold text-navy-900">
            <KeyRound aria-hidden className="size-4" /> Change password
          </h3>
          <ChangePasswordForm id="change-password" fetcher={change} className="mt-4 grid max-w-xl gap-4" />
        </div>

        <div className="border-t border-line pt-6">
          <h3 className="font-sans text-base font-semibold text-navy-900">Sessions</h3>
          <p className="mt-1 text-sm text-muted">Sign out on every device where you are signed in, this one included.</p>
          <logout.Form
            method="post"
            className="mt-3"
            onSubmit={(e) => {
              if (!window.confirm('Sign out on every device, including this one?')) e.preventDefault();
            }}
          >
            <input type="hidden" name="intent" value="logout-all" />
            <Button type="submit" variant="secondary" disabled={logout.state !== 'idle'}>
              <LogOut aria-hidden className="size-4" />
              Logout All Devices
            </Button>
          </logout.Form>
        </div>
      </div>
    </Card>
  );
}

export const headers = keepSessionCookies;

export const meta: Route.MetaFunction = () => [{ title: 'Profile | Ormsby Lending' }];
