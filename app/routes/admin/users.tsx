/**
 * /admin-dashboard/users, View Users (product §2 Admin area, §9 admin user filter): the directory
 * with search (name, e-mail), the user-type filter, 15 a page; an expanded row loads that
 * user's documents (open PDFs and images inline, or download, through the authorised route)
 * and deal interests, and its account forms (disable, enable, grant or remove admin, password
 * reset, verification e-mail; issue "Security and scale"); for an investor, the accreditation
 * records with their letters and the forms that verify a letter, record the lender's own check or
 * send a letter back (issue "Investing"). Admins only, checked here and in the details route.
 */
import { ChevronDown, Download, Eye, Loader2, Users as UsersIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import type { Route } from './+types/users';
import { EmptyState, PageHeader } from '~/components/layout/dashboard-shell';
import { FilterPills, Pager, SearchBox } from '~/components/ui/pager';
import { cn } from '~/lib/cn';
import { formatBytes } from '~/lib/documents';
import { USER_TYPES, USERS_PAGE_SIZE } from '~/lib/admin';
import { listUsers } from '~/server/domain/admin-users.server';
import { requireAdmin } from '~/server/guards.server';
import { formatDate, usd } from '~/lib/format';
import { StageBadge } from '~/components/loans/stage';
import type { LoanStage } from '~/lib/loans';
import { borrowerAnswerRows, investorAnswerRows, type StoredAnswers } from '~/lib/account-answers';
import { iconButtonClasses } from '~/components/ui/button';
import { z } from 'zod';
import { oneOfParam, pageParam, parseSearch, searchParam } from '~/lib/search-params';
import { cardClasses } from '~/components/ui/card';
import { Table, Th } from '~/components/ui/table';
import { AccountActions, type AccountView } from '~/components/admin/account-actions';
import { accountAdminAction } from '~/server/actions/account-admin.server';
import { AccreditationActions } from '~/components/admin/accreditation-actions';
import { accreditationAdminAction } from '~/server/actions/accreditation.server';
import type { AccreditationOverview } from '~/server/domain/accreditation.server';
import { isAccreditationIntent } from '~/lib/schemas/accreditation';
import { answerRefusals } from '~/server/answers.server';
import { readForm } from '~/server/forms.server';
import { requestInfo } from '~/load-context';
import { keepActionHeaders } from '~/lib/route-headers';

const listQuery = z.object({ q: searchParam, type: oneOfParam(USER_TYPES), page: pageParam });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const { q, type, page } = parseSearch(new URL(request.url), listQuery);
  const list = await listUsers({ q, type, page });
  return {
    ...list,
    q,
    type,
    users: list.users.map((u) => ({
      ...u,
      createdAt: u.createdAt,
      lastLoginAt: u.lastLoginAt,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin({ request, context });
  return answerRefusals(async () => {
    const form = await readForm(request);
    const { clientIp } = requestInfo(context);
    // The accreditation forms have their own intents; the account forms parse theirs.
    return isAccreditationIntent(form.get('intent'))
      ? accreditationAdminAction(clientIp, admin, form)
      : accountAdminAction(request, clientIp, admin, form);
  });
}

/** Spec §6: the admin list's labels. */
function typeLabel(u: { isBorrower: boolean; isInvestor: boolean }) {
  if (u.isBorrower && u.isInvestor) return 'Both';
  if (u.isBorrower) return 'Borrower';
  if (u.isInvestor) return 'Investor';
  return 'Unspecified';
}

interface Details {
  account: AccountView;
  self: boolean;
  confirmationNeeded: boolean;
  answers: StoredAnswers & { isBorrower: boolean; isInvestor: boolean };
  documents: { id: string; title: string; fileName: string; fileSize: number; mimeType: string; createdAt: string }[];
  interests: { dealId: string; title: string; location: string; type: string | null; createdAt: string }[];
  loans: { reference: string | null; stage: string; loanAmount: number | null; submittedAt: string | null }[];
  accreditation: AccreditationOverview | null;
}

function UserDetails({ userId }: { userId: string }) {
  const fetcher = useFetcher<Details>();
  useEffect(() => {
    if (fetcher.state === 'idle' && !fetcher.data) fetcher.load(`/admin-dashboard/users/${userId}/details`);
  }, [fetcher, userId]);
  if (!fetcher.data)
    return (
      <p className="flex items-center gap-2 py-4 text-sm text-muted">
        <Loader2 aria-hidden className="size-4 animate-spin" /> Loading documents and interests…
      </p>
    );
  const { account, self, confirmationNeeded, answers, documents, interests, loans, accreditation } = fetcher.data;
  const previewable = (mime: string) => /^(application\/pdf|image\/(png|jpeg))/.test(mime);
  const rows = [
    ...(answers.isInvestor ? investorAnswerRows(answers) : []),
    ...(answers.isBorrower ? borrowerAnswerRows(answers) : []),
  ];
  return (
    <div className="grid gap-6 py-4 lg:grid-cols-2">
      <AccountActions userId={userId} account={account} self={self} confirmationNeeded={confirmationNeeded} />
      {accreditation && <AccreditationActions userId={userId} email={account.email} accreditation={accreditation} />}
      <section className="lg:col-span-2">
        <h3 className="font-sans text-sm font-semibold tracking-wide text-muted uppercase">Sign-up answers</h3>
        {rows.length === 0 ? (
          <p className="mt-2 text-sm text-muted">No answers (an account without a borrower or investor role)</p>
        ) : (
          <dl className="mt-2 grid gap-x-8 gap-y-3 rounded-lg border border-line bg-surface p-4 text-sm sm:grid-cols-2 xl:grid-cols-3">
            {rows.map(([label, value]) => (
              <div key={label} className="min-w-0">
                <dt className="text-muted">{label}</dt>
                <dd className="mt-0.5 font-medium break-words whitespace-pre-line text-ink">
                  {value ?? <span className="font-normal text-muted">Not provided</span>}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      {answers.isBorrower && (
        <section className="lg:col-span-2">
          <h3 className="font-sans text-sm font-semibold tracking-wide text-muted uppercase">Loans</h3>
          {loans.length === 0 ? (
            <p className="mt-2 text-sm text-muted">No submitted loans</p>
          ) : (
            <ul className="mt-2 flex flex-wrap gap-2">
              {loans.map((l) => (
                <li key={l.reference}>
                  <Link
                    to={`/admin-dashboard/loans/${l.reference}`}
                    className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-line bg-surface px-3 text-sm hover:border-navy-400"
                  >
                    <span className="font-semibold text-navy-900">{l.reference}</span>
                    <StageBadge stage={l.stage as LoanStage} />
                    {l.loanAmount !== null && <span className="text-muted">{usd(l.loanAmount)}</span>}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <section>
        <h3 className="font-sans text-sm font-semibold tracking-wide text-muted uppercase">Documents</h3>
        {documents.length === 0 ? (
          <p className="mt-2 text-sm text-muted">No documents found</p>
        ) : (
          <ul className="mt-2 grid gap-2">
            {documents.map((d) => (
              <li
                key={d.id}
                className="flex items-center justify-between gap-3 rounded-lg border border-line bg-surface px-3 py-2 text-sm"
              >
                <span className="min-w-0">
                  <span className="block truncate font-medium text-navy-900">{d.title}</span>
                  <span className="text-xs text-muted">
                    {d.fileName} · {formatBytes(d.fileSize)} · {formatDate(d.createdAt)}
                  </span>
                </span>
                <span className="flex shrink-0 gap-1">
                  {previewable(d.mimeType) && (
                    <a
                      href={`/documents/${d.id}/download?inline=1`}
                      target="_blank"
                      rel="noreferrer"
                      className={iconButtonClasses()}
                    >
                      <Eye aria-hidden className="size-4" />
                      <span className="sr-only">Open {d.title}</span>
                    </a>
                  )}
                  <a href={`/documents/${d.id}/download`} className={iconButtonClasses()}>
                    <Download aria-hidden className="size-4" />
                    <span className="sr-only">Download {d.title}</span>
                  </a>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section>
        <h3 className="font-sans text-sm font-semibold tracking-wide text-muted uppercase">Deal interests</h3>
        {interests.length === 0 ? (
          <p className="mt-2 text-sm text-muted">No deal interests found</p>
        ) : (
          <ul className="mt-2 grid gap-2">
            {interests.map((i) => (
              <li key={i.dealId} className="rounded-lg border border-line bg-surface px-3 py-2 text-sm">
                <Link to={`/deal/${i.dealId}`} className="font-medium text-navy-900 hover:underline">
                  {i.title}
                </Link>
                <span className="block text-xs text-muted">
                  {[i.location, i.type].filter(Boolean).join(' · ')} · since {formatDate(i.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

type UserRow = Route.ComponentProps['loaderData']['users'][number];

function Row({ u }: { u: UserRow }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <tr className="border-t border-line" data-user-id={u.id}>
        <td className="py-3 pr-4">
          <button
            type="button"
            onClick={() => setOpen(!open)}
            aria-expanded={open}
            className="flex min-h-11 items-center gap-2 text-left"
          >
            <ChevronDown aria-hidden className={cn('size-4 shrink-0 text-muted transition-transform', open && 'rotate-180')} />
            <span>
              <span className="block font-medium text-navy-900">{u.name}</span>
              <span className="sr-only">{open ? 'Hide' : 'Show'} loans, documents and interests</span>
            </span>
          </button>
        </td>
        <td className="py-3 pr-4 text-sm break-all">
          <a href={`mailto:${u.email}`} className="inline-flex min-h-11 items-center text-navy-800 hover:underline sm:min-h-0">
            {u.email}
          </a>
        </td>
        <td className="py-3 pr-4 text-sm">
          {typeLabel(u)}
          {u.isAdmin && (
            <span className="ml-2 rounded-full bg-brass-100 px-2 py-0.5 text-xs font-semibold text-brass-800">Admin</span>
          )}
        </td>
        <td className="hidden py-3 pr-4 text-sm text-muted md:table-cell">{u.phone ?? '—'}</td>
        <td className="py-3 text-sm whitespace-nowrap text-muted">{formatDate(u.createdAt)}</td>
      </tr>
      {open && (
        <tr className="bg-ivory">
          <td colSpan={5} className="px-4">
            <UserDetails userId={u.id} />
          </td>
        </tr>
      )}
    </>
  );
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { users, total, page, pageCount, q, type } = loaderData;
  return (
    <>
      <PageHeader title="View Users" subtitle={`${total} ${total === 1 ? 'user' : 'users'}`} />
      <section className={cardClasses('none', 'p-6')}>
        <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
          <FilterPills label="User type" name="type" options={USER_TYPES} current={type} />
          <SearchBox q={q} placeholder="Search by name or email..." label="Search users" hidden={type ? { type } : {}} />
        </div>
        {users.length === 0 ? (
          <div className="mt-6">
            <EmptyState icon={UsersIcon} title="No users to display." />
          </div>
        ) : (
          <div className="mt-4">
            <Table label="Users" minWidth={640}>
              <thead>
                <tr>
                  <Th>Name</Th>
                  <Th>Email</Th>
                  <Th>Type</Th>
                  <Th className="hidden md:table-cell">Phone</Th>
                  <Th>Joined</Th>
                </tr>
              </thead>
              <tbody>
                {users.map((u) => (
                  <Row key={u.id} u={u} />
                ))}
              </tbody>
            </Table>
          </div>
        )}
        <div className="mt-6">
          <Pager page={page} pageCount={pageCount} total={total} pageSize={USERS_PAGE_SIZE} noun="users" />
        </div>
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: 'View Users | Ormsby Lending Admin' }];

// The account forms' flash toast and a rate-limited answer's Retry-After survive a page post.
export const headers = keepActionHeaders;
