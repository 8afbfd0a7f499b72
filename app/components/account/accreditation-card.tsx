/**
 * The investor's Accreditation card on the profile (issue "Investing"; docs/product.md §11
 * "Accreditation record"): how the current record was established, on which day and until when
 * (calendar days in the lender's zone), a badge (Current, Expires in N days, Expired, No record),
 * letters waiting for review, the investor's own letters to download, and the form that uploads a
 * new verification letter to /dashboard/profile/accreditation-letter (a plain multipart form, so
 * it works without JavaScript too).
 */
import { BadgeCheck, Download, FileClock, Loader2, Upload } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import { Facts } from '~/components/profile/parts';
import { Field } from '~/components/forms';
import { Badge } from '~/components/ui/badge';
import { Button, iconButtonClasses } from '~/components/ui/button';
import { Card, CardHeader } from '~/components/ui/card';
import { extensionOf, formatBytes } from '~/lib/documents';
import { formatCalendarDay, formatDate } from '~/lib/format';
import { ACCREDITATION_METHODS } from '~/lib/investing';
import { labelOf } from '~/lib/loans';
import { accreditationStatus, LETTER_ACCEPT, LETTER_ADVICE, LETTER_EXTENSIONS } from '~/lib/schemas/accreditation';
import { useActionAnswer, type ActionAnswer } from '~/lib/use-action-answer';

/** One record as the card shows it (the profile loader's data). */
export interface AccreditationCardRecord {
  id: string;
  method: string;
  establishedOn: string;
  expiresOn: string | null;
  letterFileName: string | null;
  pending: boolean;
  createdAt: string;
  verifiedAt: string | null;
}

export interface AccreditationCardData {
  /** The lender's day the page was made on, 'YYYY-MM-DD'. */
  today: string;
  current: { id: string; method: string; establishedOn: string; expiresOn: string } | null;
  records: AccreditationCardRecord[];
}

const methodLabel = (method: string) => labelOf(ACCREDITATION_METHODS, method);

export function AccreditationCard({ accreditation, maxBytes }: { accreditation: AccreditationCardData; maxBytes: number }) {
  const { today, current, records } = accreditation;
  const status = accreditationStatus(current?.expiresOn ?? null, today);
  const pending = records.filter((r) => r.pending);
  const letters = records.filter((r) => r.letterFileName && !r.pending);
  return (
    <Card pad="lg" id="accreditation" aria-labelledby="accreditation-heading">
      <CardHeader
        id="accreditation-heading"
        title="Accreditation"
        icon={<BadgeCheck aria-hidden className="size-5 text-brass-600" />}
        action={<Badge tone={status.tone}>{status.label}</Badge>}
      />
      {current ? (
        <Facts
          items={[
            ['How it was established', methodLabel(current.method)],
            ['Established on', formatCalendarDay(current.establishedOn)],
            ['Expires on', formatCalendarDay(current.expiresOn)],
          ]}
        />
      ) : (
        <p className="text-sm text-muted">
          There is no accreditation record on your profile. Upload a verification letter from your CPA or attorney; we will review
          it and confirm your accreditation.
        </p>
      )}
      {current && current.expiresOn < today && (
        <p className="mt-4 text-sm text-danger">
          Your accreditation record expired on {formatCalendarDay(current.expiresOn)}. Upload a new verification letter to
          indicate amounts.
        </p>
      )}

      {pending.length > 0 && (
        <section className="mt-6" aria-labelledby="accreditation-pending">
          <h3 id="accreditation-pending" className="font-sans text-sm font-semibold text-navy-900">
            Letters under review
          </h3>
          <ul className="mt-2 grid gap-2">
            {pending.map((r) => (
              <LetterRow key={r.id} record={r} detail={`Under review since ${formatDate(r.createdAt)}`} pending />
            ))}
          </ul>
        </section>
      )}
      {letters.length > 0 && (
        <section className="mt-6" aria-labelledby="accreditation-letters">
          <h3 id="accreditation-letters" className="font-sans text-sm font-semibold text-navy-900">
            Your verification letters
          </h3>
          <ul className="mt-2 grid gap-2">
            {letters.map((r) => (
              <LetterRow
                key={r.id}
                record={r}
                detail={`Verified${r.verifiedAt ? ` ${formatDate(r.verifiedAt)}` : ''}${r.expiresOn ? `, until ${formatCalendarDay(r.expiresOn)}` : ''}`}
              />
            ))}
          </ul>
        </section>
      )}
      <LetterUpload maxBytes={maxBytes} />
    </Card>
  );
}

function LetterRow({ record, detail, pending = false }: { record: AccreditationCardRecord; detail: string; pending?: boolean }) {
  return (
    <li className="flex items-center justify-between gap-3 rounded-lg border border-line px-3 py-2 text-sm">
      <span className="flex min-w-0 items-center gap-2">
        {pending && <FileClock aria-hidden className="size-4 shrink-0 text-brass-600" />}
        <span className="min-w-0">
          <span className="block truncate font-medium text-navy-900">{record.letterFileName}</span>
          <span className="text-xs text-muted">{detail}</span>
        </span>
      </span>
      <a href={`/accreditation-letters/${record.id}`} className={iconButtonClasses()}>
        <Download aria-hidden className="size-4" />
        <span className="sr-only">Download {record.letterFileName}</span>
      </a>
    </li>
  );
}

/** The upload form: refused here when the type or size is wrong, and again by the server. */
function LetterUpload({ maxBytes }: { maxBytes: number }) {
  const fetcher = useFetcher<ActionAnswer>();
  const form = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<string | null>(null);
  useActionAnswer(fetcher, { onSuccess: () => form.current?.reset() });
  const busy = fetcher.state !== 'idle';

  function check(event: FormEvent<HTMLFormElement>) {
    const file = (event.currentTarget.elements.namedItem('letter') as HTMLInputElement | null)?.files?.[0];
    let refusal: string | null = null;
    if (!file) refusal = 'Please choose your verification letter to upload.';
    else if (!(LETTER_EXTENSIONS as readonly string[]).includes(extensionOf(file.name)))
      refusal = `This file type is not accepted. ${LETTER_ADVICE}`;
    else if (file.size === 0) refusal = 'The file is empty.';
    else if (file.size > maxBytes) refusal = `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`;
    setError(refusal);
    if (refusal) event.preventDefault();
  }

  return (
    <fetcher.Form
      ref={form}
      method="post"
      action="/dashboard/profile/accreditation-letter"
      encType="multipart/form-data"
      onSubmit={check}
      className="mt-6 grid gap-3 border-t border-line pt-6"
    >
      <Field
        label="Upload a verification letter"
        hint={`A letter from your CPA or attorney confirming that you are an accredited investor. PDF, Word, JPEG or PNG, up to ${formatBytes(maxBytes)}. Only you and our staff can open it.`}
        errors={error ? [error] : undefined}
        inputProps={{ type: 'file', name: 'letter', accept: LETTER_ACCEPT, required: true, onChange: () => setError(null) }}
      />
      <div>
        <Button type="submit" variant="navy" disabled={busy}>
          {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <Upload aria-hidden className="size-4" />}
          {busy ? 'Uploading…' : 'Upload letter'}
        </Button>
      </div>
    </fetcher.Form>
  );
}
