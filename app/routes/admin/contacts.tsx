/**
 * /admin-dashboard/contacts, View Contacts (product §2 Admin area, §5 contact search, §9;
 * product decisions contact status): every inquiry newest first, searched over name, e-mail, note and
 * status, filtered by status, 15 a page, computed by the database. Opening a message marks it
 * read; 'Reply' opens the mail client with a prefilled subject and marks it replied; 'Archive'.
 */
import { Archive, Inbox, Mail, Phone, Reply } from 'lucide-react';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import type { Route } from './+types/contacts';
import { EmptyState, PageHeader } from '~/components/layout/dashboard-shell';
import { FilterPills, Pager, SearchBox } from '~/components/ui/pager';
import { cn } from '~/lib/cn';
import { formatDateTime, telHref } from '~/lib/format';
import { CONTACT_STATUSES, CONTACTS_PAGE_SIZE, type ContactStatus } from '~/lib/admin';
import { listContacts, setContactStatus } from '~/server/domain/content/contacts.server';
import { answer, answerRefusals } from '~/server/answers.server';
import { readForm, readIntent } from '~/server/forms.server';
import { requireAdmin } from '~/server/guards.server';
import { iconButtonClasses } from '~/components/ui/button';
import { z } from 'zod';
import { oneOfParam, pageParam, parseSearch, searchParam } from '~/lib/search-params';
import { cardClasses } from '~/components/ui/card';
import { Table, Th } from '~/components/ui/table';
import { useActionAnswer, type ActionAnswer } from '~/lib/use-action-answer';
import { EmailAddress } from '~/components/ui/email-address';

const listQuery = z.object({ q: searchParam, status: oneOfParam(CONTACT_STATUSES), page: pageParam });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const { q, status, page } = parseSearch(new URL(request.url), listQuery);
  const list = await listContacts({ q, status, page });
  return {
    ...list,
    q,
    status,
  };
}

const statusChange = z.object({
  intent: z.literal('status'),
  id: z.string().max(100),
  status: z.enum(CONTACT_STATUSES),
  onlyIfNew: z.enum(['0', '1']).optional(),
});

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin({ request, context });
  return answerRefusals(async () => {
    const { id, status, onlyIfNew } = readIntent(await readForm(request), statusChange);
    await setContactStatus(admin, id, status, onlyIfNew === '1');
    return answer({ ok: true });
  });
}

const statusStyle: Record<ContactStatus, string> = {
  new: 'bg-brass-100 text-brass-800',
  read: 'bg-navy-50 text-navy-700',
  replied: 'bg-emerald-50 text-success',
  archived: 'bg-line/60 text-muted',
};

type Row = Route.ComponentProps['loaderData']['contacts'][number];

function ContactRow({ c }: { c: Row }) {
  const fetcher = useFetcher<ActionAnswer>();
  // A refusal says why (a success shows in the row itself).
  useActionAnswer(fetcher);
  const [open, setOpen] = useState(false);
  const long = (c.note ?? '').length > 100;
  const pending = fetcher.formData?.get('status');
  const status = (typeof pending === 'string' ? pending : c.status) as ContactStatus;
  const setStatus = (next: ContactStatus, onlyIfNew = false) =>
    void fetcher.submit({ intent: 'status', id: c.id, status: next, onlyIfNew: onlyIfNew ? '1' : '0' }, { method: 'post' });
  const subject = encodeURIComponent('Re: your inquiry to Ormsby Lending');
  return (
    <tr className="border-t border-line align-top">
      <td className="py-3 pr-4">
        <p className="font-medium text-navy-900">{c.name}</p>
        <span className={cn('mt-1 inline-block rounded-full px-2 py-0.5 text-xs font-semibold capitalize', statusStyle[status])}>
          {status}
        </span>
      </td>
      <td className="py-3 pr-4 text-sm">
        <a href={`mailto:${c.email}`} className="flex min-h-11 items-center gap-1.5 text-navy-800 hover:underline sm:min-h-0">
          <Mail aria-hidden className="size-3.5 shrink-0" /> <EmailAddress email={c.email} />
        </a>
        {c.phone && (
          <a href={telHref(c.phone)} className="mt-1 flex min-h-11 items-center gap-1.5 text-navy-800 hover:underline sm:min-h-0">
            <Phone aria-hidden className="size-3.5 shrink-0" /> {c.phone}
          </a>
        )}
      </td>
      <td className="max-w-md py-3 pr-4 text-sm">
        {c.note ? (
          <>
            <p className={cn('whitespace-pre-line text-ink', long && !open && 'line-clamp-2')}>{c.note}</p>
            {long && (
              <button
                type="button"
                className="mt-1 text-xs font-semibold text-navy-700 hover:underline"
                aria-expanded={open}
                onClick={() => {
                  setOpen(!open);
                  if (!open && status === 'new') setStatus('read', true);
                }}
              >
                {open ? 'Show less' : 'Show more'}
              </button>
            )}
          </>
        ) : (
          <p className="text-muted italic">No message</p>
        )}
      </td>
      <td className="py-3 pr-4 text-sm whitespace-nowrap text-muted">{formatDateTime(c.createdAt)}</td>
      <td className="py-3 text-right whitespace-nowrap">
        {status === 'new' && (
          <button
            type="button"
            onClick={() => setStatus('read', true)}
            className="mr-2 min-h-11 text-xs font-semibold text-navy-700 hover:underline sm:min-h-0"
          >
            Mark read
          </button>
        )}
        <a
          href={`mailto:${c.email}?subject=${subject}`}
          onClick={() => status !== 'replied' && setStatus('replied')}
          className={iconButtonClasses()}
        >
          <Reply aria-hidden className="size-4" />
          <span className="sr-only">Reply to {c.name}</span>
        </a>
        {status !== 'archived' && (
          <button type="button" onClick={() => setStatus('archived')} className={iconButtonClasses()}>
            <Archive aria-hidden className="size-4" />
            <span className="sr-only">Archive inquiry from {c.name}</span>
          </button>
        )}
      </td>
    </tr>
  );
}

export default function AdminContacts({ loaderData }: Route.ComponentProps) {
  const { contacts, total, page, pageCount, q, status, totalInquiries } = loaderData;
  return (
    <>
      <PageHeader title="View Contacts" subtitle="Review contact inquiries and messages" />
      <p className="-mt-4 mb-6 text-lg font-semibold text-navy-900">{totalInquiries} Total Inquiries</p>
      <section aria-labelledby="inquiries" className={cardClasses('none', 'p-6')}>
        <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
          <h2 id="inquiries" className="text-xl">
            Contact Inquiries
          </h2>
          <SearchBox q={q} placeholder="Search contacts..." label="Search contacts" hidden={status ? { status } : {}} />
        </div>
        <FilterPills label="Status" name="status" options={CONTACT_STATUSES} current={status} />
        {contacts.length === 0 ? (
          <div className="mt-6">
            <EmptyState icon={Inbox} title={q || status ? 'No inquiries match your search' : 'No inquiries yet'} />
          </div>
        ) : (
          <div className="mt-4">
            <Table label="Inquiries" minWidth={720}>
              <thead>
                <tr>
                  <Th>Name</Th>
                  <Th>Contact</Th>
                  <Th>Message</Th>
                  <Th>Date &amp; Time</Th>
                  <Th>
                    <span className="sr-only">Actions</span>
                  </Th>
                </tr>
              </thead>
              <tbody>
                {contacts.map((c) => (
                  <ContactRow key={c.id} c={c} />
                ))}
              </tbody>
            </Table>
          </div>
        )}
        <div className="mt-6">
          <Pager page={page} pageCount={pageCount} total={total} pageSize={CONTACTS_PAGE_SIZE} noun="contacts" />
        </div>
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: 'View Contacts | Ormsby Lending Admin' }];
