/**
 * /admin-dashboard/users, View Users (product §2 Admin area, §9 admin user filter): the directory
 * with search (name, e-mail), the user-type filter, 15 a page; an expanded row loads that
 * user's documents (open PDFs and images inline, or download, through the authorised route)
 * and deal interests, and its account forms (disable, enable, grant or remove admin, password
 * reset, verification e-mail; issue "Security and scale"); for an investor, the accreditation
 * records with their letters and the forms that verify a letter, record the lender's own check or
 * send a letter back (issue "Investing"). Admins only, checked here and in the details route.
 */
import { ChevronDown, Users as UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/users';
import { EmptyState, PageHeader } from '~/components/layout/dashboard-shell';
import { FilterPills, Pager, SearchBox } from '~/components/ui/pager';
import { cn } from '~/lib/cn';
import { USER_TYPES, USERS_PAGE_SIZE } from '~/lib/admin';
import { listUsers } from '~/server/domain/accounts/admin-users.server';
import { requireAdmin } from '~/server/guards.server';
import { formatDate } from '~/lib/format';
import { z } from 'zod';
import { oneOfParam, pageParam, parseSearch, searchParam } from '~/lib/search-params';
import { cardClasses } from '~/components/ui/card';
import { Table, Th } from '~/components/ui/table';
import { accountAdminAction } from '~/server/actions/account-admin.server';
import { accreditationAdminAction } from '~/server/actions/accreditation.server';
import { ACCREDITATION_INTENTS, isAccreditationIntent } from '~/lib/schemas/accreditation';
import { ACCOUNT_INTENTS } from '~/lib/schemas/account-admin';
import { answerRefusals } from '~/server/answers.server';
import { readForm, readIntent } from '~/server/forms.server';
import { requestInfo } from '~/load-context';
import { keepActionHeaders } from '~/lib/route-headers';
import { UserDetails } from '~/components/admin/user-details';
import { EmailAddress } from '~/components/ui/email-address';

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
    const { intent } = readIntent(form, [...ACCREDITATION_INTENTS, ...ACCOUNT_INTENTS]);
    return isAccreditationIntent(intent)
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
        <td className="py-3 pr-4 text-sm">
          <a href={`mailto:${u.email}`} className="inline-flex min-h-11 items-center text-navy-800 hover:underline sm:min-h-0">
            <EmailAddress email={u.email} />
          </a>
        </td>
        <td className="py-3 pr-4 text-sm">
          {u.isInvestor ? (
            <Link
              to={`/admin-dashboard/investors/${u.id}`}
              className="inline-flex min-h-11 min-w-11 items-center text-navy-800 underline sm:min-h-0 sm:min-w-0"
            >
              {typeLabel(u)}
              <span className="sr-only">: {u.name}’s positions</span>
            </Link>
          ) : (
            typeLabel(u)
          )}
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
