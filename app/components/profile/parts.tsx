/**
 * Pieces every card of the profile shares (product §2 Profile): the profile as the page shows it,
 * the fetcher each card posts with, the Edit button, the view-mode facts and Save / Cancel.
 */
import { CheckCircle2, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { useFetcher } from 'react-router';
import { Button } from '~/components/ui/button';
import type { StoredAnswers } from '~/lib/account-answers';
import { useActionAnswer, type ActionAnswer } from '~/lib/use-action-answer';

/** The signed-in user's profile as the page shows it (the loader's data). */
export interface ProfileView extends StoredAnswers {
  name: string;
  email: string;
  memberSince: Date;
  lastLoginAt: Date | null;
  phone: string | null;
  title: string | null;
  companyName: string | null;
  isBorrower: boolean;
  isInvestor: boolean;
  isAdmin: boolean;
  avatarKey: string | null;
  notifyEmail: boolean;
  notifySms: boolean;
  notifyMarketing: boolean;
}

/** What the profile's action answers: the one answer, with the intent it served. */
export type ProfileAnswer = ActionAnswer & { intent?: string };

/** A fetcher for one card: its answer's toast is shown once and `onSuccess` runs after a save. */
export function useProfileFetcher(onSuccess?: () => void) {
  const fetcher = useFetcher<ProfileAnswer>();
  useActionAnswer(fetcher, { onSuccess });
  return fetcher;
}

/**
 * The inline result of a card's last save (besides its toast): 'Saved' after a success, the
 * reason after a refusal; nothing while the form is being edited or sent.
 */
export function SaveResult({ fetcher }: { fetcher: ReturnType<typeof useProfileFetcher> }) {
  if (fetcher.state !== 'idle' || !fetcher.data) return null;
  const { ok, toast } = fetcher.data;
  return (
    <p role="status" className={ok ? 'flex items-center gap-1.5 text-sm text-success' : 'text-sm text-danger'}>
      {ok ? <CheckCircle2 aria-hidden className="size-4" /> : null}
      {ok ? 'Saved' : (toast?.description ?? toast?.title)}
    </p>
  );
}

/** The Edit button of a card in view mode. */
export function EditButton({ onClick, label }: { onClick: () => void; label: string }) {
  return (
    <Button variant="secondary" size="sm" onClick={onClick} aria-label={label}>
      <Pencil aria-hidden className="size-4" />
      Edit
    </Button>
  );
}

/** Label and value pairs; an empty value reads 'Not provided'. */
export function Facts({ items }: { items: [string, ReactNode][] }) {
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

/** Save and Cancel of a card in edit mode. */
export function FormButtons({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
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
