/**
 * /admin-dashboard/loans, the pipeline (issue "The loan file"): every submitted loan with its
 * reference, borrower, property, amount, LTV, stage, days in stage and the next action;
 * search (reference, property, borrower name or e-mail), stage filter and paging on the
 * server with the state in the URL, like the other admin lists. Admins only.
 */
import { Landmark } from 'lucide-react';
import { Link } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/loans';
import { EmptyState, PageHeader } from '~/components/layout/dashboard-shell';
import { StageBadge } from '~/components/loans/stage';
import { cardClasses } from '~/components/ui/card';
import { FilterPills, Pager, SearchBox } from '~/components/ui/pager';
import { Table, Th } from '~/components/ui/table';
import { count, percent, usd } from '~/lib/format';
import { LOAN_STAGES, PIPELINE_PAGE_SIZE } from '~/lib/loans';
import { oneOfParam, pageParam, parseSearch, searchParam } from '~/lib/search-params';
import { listPipeline } from '~/server/domain/loans/pipeline.server';
import { requireAdmin } from '~/server/guards.server';

/** The stages a submitted loan can be in (drafts are the borrower's, not in the pipeline). */
const PIPELINE_STAGES = LOAN_STAGES.filter((s) => s.value !== 'draft');
const STAGE_VALUES = PIPELINE_STAGES.map((s) => s.value) as [string, ...string[]];
const listQuery = z.object({ q: searchParam, stage: oneOfParam(STAGE_VALUES), page: pageParam });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const { q, stage, page } = parseSearch(new URL(request.url), listQuery);
  const list = await listPipeline({ q, stage: stage as (typeof PIPELINE_STAGES)[number]['value'] | null, page });
  return { ...list, q, stage };
}

export default function Pipeline({ loaderData }: Route.ComponentProps) {
  const { loans, total, page, pageCount, q, stage } = loaderData;
  return (
    <>
      <PageHeader title="Loan pipeline" subtitle={`${count(total)} ${total === 1 ? 'loan' : 'loans'}`} />
      <section className={cardClasses('none', 'p-6')}>
        <div className="grid gap-4">
          <SearchBox
            q={q}
            placeholder="Search by reference, property or borrower..."
            label="Search loans"
            hidden={stage ? { stage } : {}}
          />
          <FilterPills label="Stage" name="stage" options={PIPELINE_STAGES} current={stage} />
        </div>
        {loans.length === 0 ? (
          <div className="mt-6">
            <EmptyState icon={Landmark} title={q || stage ? 'No loans match.' : 'No applications yet.'}>
              {!q && !stage && 'Submitted applications appear here.'}
            </EmptyState>
          </div>
        ) : (
          <div className="mt-4">
            <Table label="Loans" minWidth={840}>
              <thead>
                <tr>
                  <Th>Loan</Th>
                  <Th>Borrower</Th>
                  <Th>Property</Th>
                  <Th className="text-right">Amount</Th>
                  <Th className="text-right">LTV</Th>
                  <Th>Stage</Th>
                  <Th className="text-right">Days in stage</Th>
                  <Th>Next action</Th>
                </tr>
              </thead>
              <tbody>
                {loans.map((l) => (
                  <tr key={l.id} className="border-t border-line align-top">
                    <td className="py-3 pr-4 whitespace-nowrap">
                      <Link
                        to={`/admin-dashboard/loans/${l.reference}`}
                        className="inline-flex min-h-11 items-center font-semibold text-navy-900 hover:underline sm:min-h-0"
                      >
                        {l.reference}
                      </Link>
                    </td>
                    <td className="py-3 pr-4 text-sm">
                      <span className="block font-medium text-ink" title={l.borrowerEmail}>
                        {l.borrowerName}
                      </span>
                    </td>
                    <td className="py-3 pr-4 text-sm">{l.property}</td>
                    <td className="py-3 pr-4 text-right text-sm whitespace-nowrap">
                      {l.loanAmount === null ? '—' : usd(l.loanAmount)}
                    </td>
                    <td className="py-3 pr-4 text-right text-sm">{l.ltv === null ? '—' : percent(l.ltv)}</td>
                    <td className="py-3 pr-4">
                      <StageBadge stage={l.stage} />
                    </td>
                    <td className="py-3 pr-4 text-right text-sm">{l.daysInStage}</td>
                    <td className="py-3 text-sm text-navy-800">{l.nextStep}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        )}
        <div className="mt-6">
          <Pager page={page} pageCount={pageCount} total={total} pageSize={PIPELINE_PAGE_SIZE} noun="loans" />
        </div>
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: 'Loan pipeline | Ormsby Lending Admin' }];
