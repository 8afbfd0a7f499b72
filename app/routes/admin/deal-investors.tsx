/**
 * /admin-dashboard/deals/{id}/investors, the demand of one deal (issue "Investing"; docs/product.md
 * §11): the totals against the raise (Funded, Confirmed, Indicated; the waitlist apart), every
 * amount with its investor, status, suitability and accreditation, filtered by status, 50 a
 * page, each with 'Move to…' (the moves STAFF_MOVES allows, with a note); the waitlist in line;
 * the followers; and 'Export CSV' (the export route). Positions (issue 25 "Investor returns"):
 * the deal's loan, note and investor rates, servicing spread, funds received, the lender's share
 * and each position; 'funds' records a confirmed amount's funds received (it becomes a position),
 * 'link-loan' links a deal to its loan. A missing or deleted deal is a 404. Admins only, in the
 * loader and in the action.
 */
import { Pencil, Users } from 'lucide-react';
import { Link } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/deal-investors';
import { DealPositionsCard } from '~/components/admin/deal-positions';
import { DemandAmountsTable } from '~/components/admin/demand-amounts';
import { ExportCsvForm } from '~/components/admin/export-csv-form';
import { DemandFollowersTable } from '~/components/admin/demand-followers';
import { DemandTotalsCard } from '~/components/admin/demand-totals';
import { DemandWaitlistCard } from '~/components/admin/demand-waitlist';
import { EmptyState, PageHeader } from '~/components/layout/dashboard-shell';
import { BackLink } from '~/components/loans/loan-header';
import { Badge } from '~/components/ui/badge';
import { buttonClasses } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { FilterPills, Pager, pillClasses } from '~/components/ui/pager';
import { count, lenderDay, usd, usdCents } from '~/lib/format';
import { COMMITMENT_STATUSES, commitmentLabel, STAFF_MOVES, type CommitmentStatus } from '~/lib/investing';
import { oneOfParam, pageParam, parseSearch } from '~/lib/search-params';
import { parseForm } from '~/lib/parse-form';
import { fundsReceivedSchema, linkLoanSchema } from '~/lib/returns/positions';
import { answer, answerRefusals, found, refuseFields } from '~/server/answers.server';
import { DEMAND_PAGE_SIZE, MOVE_NOTE_MAX } from '~/lib/investing';
import { dealDemand, demandDeal, moveDealCommitment } from '~/server/domain/investing/demand.server';
import { linkDealToLoan } from '~/server/domain/returns/offering.server';
import { dealPositions } from '~/server/domain/returns/holdings.server';
import { recordFundsReceived } from '~/server/domain/returns/positions.server';
import { readForm, readIntent } from '~/server/forms.server';
import { requireAdmin } from '~/server/guards.server';
import { confirmationNeeded } from '~/server/step-up.server';
import { toastHeaders } from '~/server/toast.server';

const STATUS_VALUES = COMMITMENT_STATUSES.map((s) => s.value) as [CommitmentStatus, ...CommitmentStatus[]];
const demandQuery = z.object({
  status: oneOfParam(STATUS_VALUES),
  view: oneOfParam(['followers']),
  page: pageParam,
});

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdmin({ request, context });
  const { status, view, page } = parseSearch(new URL(request.url), demandQuery);
  // The deal's row is read once for both; every read goes together (issue 26: one database wait).
  const target = demandDeal(params.id);
  const [read, confirm, positions] = await Promise.all([
    dealDemand(params.id, { page, status, view: view ?? 'amounts' }, target),
    confirmationNeeded(admin),
    dealPositions(params.id, target),
  ]);
  const demand = found(read, 'Deal');
  return {
    ...demand,
    status,
    view: view ?? 'amounts',
    confirmationNeeded: confirm,
    noteMax: MOVE_NOTE_MAX,
    positions: found(positions, 'Deal'),
    today: lenderDay(),
  };
}

/** Every status a staff move can reach (Confirmed, Funded, Declined). */
const MOVE_TARGETS = [...new Set(Object.values(STAFF_MOVES).flat())] as [CommitmentStatus, ...CommitmentStatus[]];
const demandIntent = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('move'),
    id: z.string().max(100),
    to: z.enum(MOVE_TARGETS),
    // The domain says what is too long, in words.
    note: z.string().max(10_000).optional(),
  }),
  // Checked field by field below (fundsReceivedSchema, linkLoanSchema).
  z.object({ intent: z.literal('funds') }).passthrough(),
  z.object({ intent: z.literal('link-loan') }).passthrough(),
]);

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin({ request, context });
  return answerRefusals(async () => {
    const form = await readForm(request);
    const fields = readIntent(form, demandIntent);
    if (fields.intent === 'funds') {
      const today = lenderDay();
      const submission = parseForm(form, { schema: fundsReceivedSchema(today) });
      if (submission.status !== 'success') return refuseFields('invalid', { ok: false, result: submission.reply() });
      const { commitmentId, ...funds } = submission.value;
      const p = await recordFundsReceived(admin, commitmentId, funds, { dealId: params.id, today });
      const toast = {
        type: 'success' as const,
        title: 'Funds recorded',
        description: `A position of ${usdCents(p.amountCents)}`,
      };
      return answer({ ok: true, result: submission.reply({ resetForm: true }) }, { headers: await toastHeaders(toast) });
    }
    if (fields.intent === 'link-loan') {
      const submission = parseForm(form, { schema: linkLoanSchema });
      if (submission.status !== 'success') return refuseFields('invalid', { ok: false, result: submission.reply() });
      const l = await linkDealToLoan(admin, params.id, submission.value.loanReference);
      return answer({ ok: true }, { headers: await toastHeaders({ type: 'success', title: `Linked to loan ${l.reference}` }) });
    }
    const moved = await moveDealCommitment(admin, params.id, { commitmentId: fields.id, to: fields.to, note: fields.note ?? '' });
    // A flash toast: with a status filter the row leaves the list on revalidation.
    const toast = {
      type: 'success' as const,
      title: `Moved to ${commitmentLabel(fields.to)}`,
      description: `${moved.name}, ${usd(moved.amount)}`,
    };
    return answer({ ok: true }, { headers: await toastHeaders(toast) });
  });
}

type LoaderData = Route.ComponentProps['loaderData'];

/** Amounts or followers: two links, the current one marked. */
function ViewSwitch({ view, amounts, followers }: { view: LoaderData['view']; amounts: number; followers: number }) {
  return (
    <nav aria-label="Lists" className="flex flex-wrap gap-2">
      <Link to="?" aria-current={view === 'amounts' ? 'page' : undefined} className={pillClasses(view === 'amounts')}>
        Amounts ({count(amounts)})
      </Link>
      <Link
        to="?view=followers"
        aria-current={view === 'followers' ? 'page' : undefined}
        className={pillClasses(view === 'followers')}
      >
        Followers ({count(followers)})
      </Link>
    </nav>
  );
}

function AmountsList({ loaderData }: { loaderData: LoaderData }) {
  const { amounts, totals, status } = loaderData;
  if (!amounts) return null;
  const all = COMMITMENT_STATUSES.reduce((n, s) => n + totals.byStatus[s.value].count, 0);
  return (
    <>
      <div className="mt-4">
        <FilterPills
          label="Status"
          name="status"
          options={COMMITMENT_STATUSES.map((s) => ({
            value: s.value,
            label: `${s.label} (${count(totals.byStatus[s.value].count)})`,
          }))}
          current={status}
        />
      </div>
      <div className="mt-4">
        {amounts.rows.length === 0 ? (
          <EmptyState
            icon={Users}
            title={all === 0 ? 'No amounts indicated yet.' : `No ${commitmentLabel(status ?? '').toLowerCase()} amounts.`}
          >
            {all === 0 && 'Amounts appear here as investors indicate them on the deal page.'}
          </EmptyState>
        ) : (
          <DemandAmountsTable
            rows={amounts.rows}
            label={status ? `${commitmentLabel(status)} amounts` : 'Amounts'}
            noteMax={loaderData.noteMax}
          />
        )}
      </div>
      <div className="mt-6">
        <Pager
          page={amounts.page}
          pageCount={amounts.pageCount}
          total={amounts.total}
          pageSize={DEMAND_PAGE_SIZE}
          noun="amounts"
        />
      </div>
    </>
  );
}

function FollowersList({ followers }: { followers: LoaderData['followers'] }) {
  if (!followers) return null;
  return (
    <>
      <div className="mt-4">
        {followers.rows.length === 0 ? (
          <EmptyState icon={Users} title="No one follows this deal yet." />
        ) : (
          <DemandFollowersTable rows={followers.rows} />
        )}
      </div>
      <div className="mt-6">
        <Pager
          page={followers.page}
          pageCount={followers.pageCount}
          total={followers.total}
          pageSize={DEMAND_PAGE_SIZE}
          noun="followers"
        />
      </div>
    </>
  );
}

export default function DealInvestors({ loaderData }: Route.ComponentProps) {
  const { deal, totals, waitlist, followerCount, view } = loaderData;
  const amountCount = COMMITMENT_STATUSES.reduce((n, s) => n + totals.byStatus[s.value].count, 0);
  return (
    <>
      <BackLink to="/admin-dashboard/deals" label="Manage Deals" />
      <PageHeader
        title={`Investors in ${deal.title}`}
        subtitle={
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone={deal.status === 'Active' ? 'success' : 'neutral'}>{deal.status}</Badge>
            <span>
              Raise {usd(deal.amountToRaise)} · minimum {usd(deal.minimumInvestment)} · steps of {usd(deal.investmentStep)}
            </span>
          </span>
        }
        actions={
          <div className="flex flex-wrap items-end gap-3">
            <Link to={`/admin-dashboard/deals/${deal.id}/edit`} className={buttonClasses('ghost')}>
              <Pencil aria-hidden className="size-4" /> Edit deal
            </Link>
            <ExportCsvForm
              action={`/admin-dashboard/deals/${deal.id}/investors/export`}
              confirm={loaderData.confirmationNeeded}
            />
          </div>
        }
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <DemandTotalsCard deal={deal} totals={totals} />
        <DemandWaitlistCard rows={waitlist} total={totals.byStatus.waitlisted.count} />
      </div>
      <Card className="mt-6" aria-label="Investor lists">
        <ViewSwitch view={view} amounts={amountCount} followers={followerCount} />
        {view === 'amounts' ? <AmountsList loaderData={loaderData} /> : <FollowersList followers={loaderData.followers} />}
      </Card>
      <DealPositionsCard view={loaderData.positions} today={loaderData.today} />
    </>
  );
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: loaded ? `Investors in ${loaded.deal.title} | Ormsby Lending Admin` : 'Deal not found | Ormsby Lending Admin' },
];
