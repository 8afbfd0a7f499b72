/**
 * /admin-dashboard/deals, Manage Deals (product §2 Admin area, §4 delete and undo, §8 Deals, §9
 * filters): the list with search, Status / Property Type / Duration filters and 15 a page, all in
 * the URL and computed by the database (with JavaScript a filter applies as it is ticked; the
 * 'Apply filters' button serves without). Delete asks the spec's confirmation, removes the row at
 * once (back if the delete fails) and offers 'Undo'. New and edited deals have their own pages
 * (deal-new.tsx, deal-edit.tsx); each deal links to its investors (deal-investors.tsx) with what
 * counts against its raise (issue "Investing"). Admins only, in the loader and in the action.
 */
import { Building2, Pencil, Plus, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Form, Link, useFetcher, useSubmit } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/deals';
import { EmptyState, PageHeader } from '~/components/layout/dashboard-shell';
import { Badge } from '~/components/ui/badge';
import { Button, buttonClasses, iconButtonClasses } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { ConfirmDelete } from '~/components/ui/confirm-delete';
import { FilterGroup } from '~/components/ui/filter-group';
import { Pager, SearchField } from '~/components/ui/pager';
import { Table, Th } from '~/components/ui/table';
import { dealImageUrl } from '~/lib/deals';
import { percent, usd } from '~/lib/format';
import { ADMIN_DEALS_PAGE_SIZE, ADMIN_PROPERTY_TYPES, DEAL_STATUSES, DURATIONS } from '~/lib/schemas/deal';
import { listParam, pageParam, parseSearch, searchParam } from '~/lib/search-params';
import { useActionAnswer, type ActionAnswer } from '~/lib/use-action-answer';
import { useHydrated } from '~/lib/use-hydrated';
import { answer, answerRefusals } from '~/server/answers.server';
import { NotFound } from '~/server/errors.server';
import { adminListDeals, deleteDeal, restoreDeal } from '~/server/domain/investing/admin-deals.server';
import { demandOfDeals } from '~/server/domain/investing/demand-summary.server';
import { readForm, readIntent } from '~/server/forms.server';
import { requireAdmin } from '~/server/guards.server';

const listQuery = z.object({
  q: searchParam,
  status: listParam(DEAL_STATUSES),
  propertyType: listParam(ADMIN_PROPERTY_TYPES),
  duration: listParam(DURATIONS.map((d) => d.value) as ['6-12', '12-18', '24-36', '36+']),
  page: pageParam,
});

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const { q, status: statuses, propertyType: types, duration: durations, page } = parseSearch(new URL(request.url), listQuery);
  const list = await adminListDeals({ q, statuses, types, durations, page });
  // The page's deals' demand against their raise (issue "Investing"), in one query.
  const demand = await demandOfDeals(list.deals.map((d) => d.id));
  return { ...list, q, statuses, types, durations, demand };
}

const dealIntent = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('delete'), id: z.string().max(100) }),
  z.object({ intent: z.literal('restore'), id: z.string().max(100) }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin({ request, context });
  return answerRefusals(async () => {
    const { intent, id } = readIntent(await readForm(request), dealIntent);
    if (intent === 'delete') {
      if (!(await deleteDeal(admin, id)))
        throw new NotFound('This deal does not exist or was deleted already.', 'Failed to delete deal');
      return answer({ ok: true });
    }
    if (!(await restoreDeal(admin, id)))
      throw new NotFound('This deal does not exist or is not deleted.', 'Failed to restore deal');
    return answer({ ok: true, toast: { type: 'success', title: 'Deal restored' } });
  });
}

type Row = Route.ComponentProps['loaderData']['deals'][number];

type Demand = Route.ComponentProps['loaderData']['demand'][string];

/** The deal's counted amounts against its raise, linked to its demand page (issue "Investing"). */
function DemandLink({ d, demand }: { d: Row; demand: Demand | undefined }) {
  const counted = demand ? demand.funded + demand.confirmed + demand.indicated : 0;
  return (
    <Link
      to={`/admin-dashboard/deals/${d.id}/investors`}
      className="inline-flex min-h-11 flex-col justify-center text-navy-800 hover:underline sm:min-h-0"
    >
      <span className="sr-only">Investors in {d.title}: </span>
      <span className="font-medium">{usd(counted)}</span>
      {demand && <span className="text-xs text-muted">of {usd(demand.amountToRaise)}</span>}
    </Link>
  );
}

function DealRow({ d, demand, onDelete }: { d: Row; demand: Demand | undefined; onDelete: (row: Row) => void }) {
  return (
    <tr className="border-t border-line">
      <td className="py-3 pr-4">
        <div className="flex items-center gap-3">
          {d.imageKeys[0] ? (
            <img
              src={dealImageUrl(d.imageKeys[0])}
              alt=""
              width={56}
              height={40}
              className="h-10 w-14 shrink-0 rounded object-cover"
            />
          ) : (
            <span aria-hidden className="flex h-10 w-14 shrink-0 items-center justify-center rounded bg-navy-50">
              <Building2 className="size-4 text-navy-300" />
            </span>
          )}
          <span>
            <span className="block font-medium text-navy-900">{d.title}</span>
            <span className="block text-xs text-muted">{d.location}</span>
          </span>
        </div>
      </td>
      <td className="py-3 pr-4 text-sm text-muted">{d.type ?? '—'}</td>
      <td className="py-3 pr-4 text-sm whitespace-nowrap">{usd(d.loanAmount)}</td>
      <td className="py-3 pr-4 text-sm">{percent(d.ltv)}</td>
      <td className="py-3 pr-4 text-sm">{percent(d.interestRate)}</td>
      <td className="py-3 pr-4 text-sm whitespace-nowrap">{d.termMonths} months</td>
      <td className="py-3 pr-4 text-sm">
        <Badge tone={d.status === 'Active' ? 'success' : 'neutral'}>{d.status}</Badge>
      </td>
      <td className="py-3 pr-4 text-sm whitespace-nowrap">
        <DemandLink d={d} demand={demand} />
      </td>
      <td className="py-3 text-right whitespace-nowrap">
        <Link to={`/admin-dashboard/deals/${d.id}/edit`} className={iconButtonClasses()}>
          <Pencil aria-hidden className="size-4" />
          <span className="sr-only">Edit {d.title}</span>
        </Link>
        <ConfirmDelete
          name={d.title}
          title={`Delete ${d.title}?`}
          description="Are you sure you want to delete this deal? This action cannot be undone."
          onConfirm={() => onDelete(d)}
        />
      </td>
    </tr>
  );
}

export default function ManageDeals({ loaderData: list }: Route.ComponentProps) {
  const [deleted, setDeleted] = useState<Row | null>(null);
  const hydrated = useHydrated();
  const submit = useSubmit();
  // One delete at a time, owned here: the row leaves the list at once and comes back if the
  // delete fails; after success the revalidated list no longer has it and 'Undo' is offered.
  const remover = useFetcher<ActionAnswer>();
  const [pending, setPending] = useState<Row | null>(null);
  useActionAnswer(remover, {
    onSuccess: () => setDeleted(pending),
    onFailure: () => setPending(null),
  });
  const hiddenId = remover.state !== 'idle' ? String(remover.formData?.get('id') ?? '') : null;
  const remove = (row: Row) => {
    setPending(row);
    void remover.submit({ intent: 'delete', id: row.id }, { method: 'post' });
  };
  const undo = useFetcher<ActionAnswer>();
  useActionAnswer(undo, { onSuccess: () => setDeleted(null) });
  const filtered = list.statuses.length + list.types.length + list.durations.length > 0;
  const empty =
    list.all === 0
      ? 'No deals created yet.'
      : filtered
        ? 'No deals found matching your search and filters.'
        : 'No deals found matching your search.';
  return (
    <>
      <PageHeader
        title="Manage Deals"
        subtitle={`${list.all} ${list.all === 1 ? 'deal' : 'deals'} in total`}
        actions={
          <Link to="/admin-dashboard/deals/new" className={buttonClasses('primary')}>
            <Plus aria-hidden className="size-4" /> Add New Deal
          </Link>
        }
      />
      {deleted && (
        <div
          role="status"
          className="mb-4 flex items-center justify-between gap-4 rounded-xl border border-line bg-surface px-4 py-3 shadow-[var(--shadow-card)]"
        >
          <p className="text-sm">
            <span className="font-semibold text-navy-900">Deal deleted</span> The deal has been deleted successfully.
          </p>
          <Button
            variant="secondary"
            size="sm"
            disabled={undo.state !== 'idle'}
            onClick={() => void undo.submit({ intent: 'restore', id: deleted.id }, { method: 'post' })}
          >
            <Undo2 aria-hidden className="size-4" /> Undo
          </Button>
        </div>
      )}
      <Card>
        <Form
          method="get"
          className="grid gap-4"
          onChange={(e) => {
            // A ticked filter applies at once; typing in the search waits for Enter or 'Search'.
            if (e.target instanceof HTMLInputElement && e.target.type === 'checkbox')
              void submit(e.currentTarget, { replace: true });
          }}
        >
          <SearchField
            q={list.q}
            id="deal-search"
            label="Search deals"
            placeholder="Search by title, location, partner or type..."
          />
          <div className="grid gap-4 lg:grid-cols-3">
            <FilterGroup
              legend="Status"
              name="status"
              options={DEAL_STATUSES.map((s) => ({ value: s, label: s }))}
              selected={list.statuses}
            />
            <FilterGroup
              legend="Property Type"
              name="propertyType"
              options={ADMIN_PROPERTY_TYPES.map((s) => ({ value: s, label: s }))}
              selected={list.types}
            />
            <FilterGroup legend="Duration" name="duration" options={DURATIONS} selected={list.durations} />
          </div>
          <div className="flex gap-3">
            {!hydrated && (
              <button type="submit" className={buttonClasses('secondary', 'sm')}>
                Apply filters
              </button>
            )}
            {(filtered || list.q) && (
              <Link
                to="/admin-dashboard/deals"
                className="inline-flex min-h-11 items-center text-sm font-medium text-navy-700 hover:underline"
              >
                Clear filters
              </Link>
            )}
          </div>
        </Form>
        {list.deals.length === 0 ? (
          <div className="mt-6">
            <EmptyState icon={Building2} title={empty} />
          </div>
        ) : (
          <div className="mt-6">
            <Table label="Deals" minWidth={880}>
              <thead>
                <tr>
                  <Th>Deal</Th>
                  <Th>Type</Th>
                  <Th>Loan amount</Th>
                  <Th>LTV</Th>
                  <Th>Investor rate</Th>
                  <Th>Duration</Th>
                  <Th>Status</Th>
                  <Th>Investors</Th>
                  <Th>
                    <span className="sr-only">Actions</span>
                  </Th>
                </tr>
              </thead>
              <tbody>
                {list.deals
                  .filter((d) => d.id !== hiddenId)
                  .map((d) => (
                    <DealRow key={d.id} d={d} demand={list.demand[d.id]} onDelete={remove} />
                  ))}
              </tbody>
            </Table>
          </div>
        )}
        <div className="mt-6">
          <Pager page={list.page} pageCount={list.pageCount} total={list.total} pageSize={ADMIN_DEALS_PAGE_SIZE} noun="deals" />
        </div>
      </Card>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: 'Manage Deals | Ormsby Lending Admin' }];
