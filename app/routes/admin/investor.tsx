/**
 * /admin-dashboard/investors/{id}, one investor's holdings for staff (issue 25 "Lender's staff":
 * per investor, the same across deals): their positions (deal, loan, amount, share of the note,
 * funds received, reference, distributions paid), the totals of funds received and distributions
 * paid, and their confirmed amounts still waiting for funds. No such user is a 404. Admins only.
 */
import { Landmark } from 'lucide-react';
import { Link } from 'react-router';
import type { Route } from './+types/investor';
import { EmptyState, PageHeader } from '~/components/layout/dashboard-shell';
import { BackLink } from '~/components/loans/loan-header';
import { PositionTable } from '~/components/returns/position-table';
import { Card, CardHeader } from '~/components/ui/card';
import { EmailAddress } from '~/components/ui/email-address';
import { count, usdCents } from '~/lib/format';
import { found } from '~/server/answers.server';
import { investorHoldingsForStaff } from '~/server/domain/returns/holdings.server';
import { requireAdmin } from '~/server/guards.server';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  return found(await investorHoldingsForStaff(params.id), 'Investor');
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-0.5 font-serif text-2xl text-navy-900">{value}</dd>
    </div>
  );
}

export default function InvestorHoldings({ loaderData }: Route.ComponentProps) {
  const { investor, positions, fundsReceivedCents, paidCents, awaiting } = loaderData;
  return (
    <>
      <BackLink to="/admin-dashboard/users" label="Users" />
      <PageHeader title={investor.name} subtitle={<EmailAddress email={investor.email} />} />
      <Card aria-labelledby="investor-totals">
        <CardHeader id="investor-totals" title="Across deals" />
        <dl className="grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-3">
          <Figure label="Positions" value={count(positions.length)} />
          <Figure label="Funds received" value={usdCents(fundsReceivedCents)} />
          <Figure label="Distributions paid" value={usdCents(paidCents)} />
        </dl>
      </Card>
      <Card className="mt-6" aria-labelledby="investor-positions">
        <CardHeader id="investor-positions" title="Positions" />
        {positions.length ? (
          <PositionTable rows={positions} by="investor" label={`Positions of ${investor.name}`} />
        ) : (
          <EmptyState icon={Landmark} title="No positions yet.">
            A confirmed amount becomes a position when staff record its funds on the deal’s investors page.
          </EmptyState>
        )}
      </Card>
      {awaiting.length > 0 && (
        <Card className="mt-6" aria-labelledby="investor-awaiting">
          <CardHeader id="investor-awaiting" title="Confirmed, waiting for funds" />
          <ul className="grid gap-2 text-sm">
            {awaiting.map((a) => (
              <li key={a.commitmentId} className="flex flex-wrap items-baseline gap-x-3">
                <Link to={`/admin-dashboard/deals/${a.dealId}/investors`} className="font-medium text-navy-900 underline">
                  {a.dealTitle}
                </Link>
                <span className="tabular-nums">{usdCents(a.amountCents)}</span>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </>
  );
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded ? loaded.investor.name : 'Investor not found'} | Ormsby Lending Admin` },
];
