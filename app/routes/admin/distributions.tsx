/**
 * /admin-dashboard/distributions, the staff's distribution runs (issue 25 "Distribution runs"):
 * every run, newest first, with its period, status, the cash applied and its split between the
 * investors, the lender's own share and the servicing spread (once approved), and the day paid;
 * and "Open a run" for a period (proposed: last month). One run is open or approved at a time.
 * Admins only; opening is audited by the domain (domain/returns/distributions.server.ts).
 */
import { HandCoins } from 'lucide-react';
import { Link, redirect, useActionData, useNavigation } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/distributions';
import { EmptyState, PageHeader } from '~/components/layout/dashboard-shell';
import { OpenRunForm } from '~/components/returns/run-forms';
import { RunStatusBadge } from '~/components/returns/run-status';
import { Card, CardHeader } from '~/components/ui/card';
import { Pager } from '~/components/ui/pager';
import { Table, Th } from '~/components/ui/table';
import { formatCalendarDay, lenderDay, usdCents } from '~/lib/format';
import { parseForm } from '~/lib/parse-form';
import { lastMonth, openRunSchema, runPeriod, RUNS_PAGE_SIZE } from '~/lib/returns/distribution';
import { RUN_STATUSES } from '~/lib/returns/vocabulary';
import { pageParam, parseSearch } from '~/lib/search-params';
import { useActionAnswer, type ActionAnswer } from '~/lib/use-action-answer';
import { labelOf } from '~/lib/vocabulary';
import { requestInfo } from '~/load-context';
import { answerForm, refuseFields } from '~/server/answers.server';
import { listRuns, openRun } from '~/server/domain/returns/distributions.server';
import { readForm, readIntent } from '~/server/forms.server';
import { requireAdmin } from '~/server/guards.server';
import { toastHeaders } from '~/server/toast.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const { page } = parseSearch(new URL(request.url), z.object({ page: pageParam }));
  const today = lenderDay();
  const list = await listRuns(page);
  return { ...list, today, period: lastMonth(today) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin({ request, context });
  return answerForm(requestInfo(context), '/admin-dashboard/distributions', async () => {
    const form = await readForm(request);
    const { intent } = readIntent(form, ['open']);
    const submission = parseForm(form, { schema: openRunSchema(lenderDay()) });
    if (submission.status !== 'success') return refuseFields('invalid', { ok: false, intent, result: submission.reply() });
    const run = await openRun(admin, submission.value);
    return redirect(`/admin-dashboard/distributions/${run.number}`, {
      headers: await toastHeaders({ type: 'success', title: `Run ${run.number} opened`, description: runPeriod(run) }),
    });
  });
}

const money = (cents: number | null) => (cents === null ? '—' : usdCents(cents));

export default function Distributions({ loaderData }: Route.ComponentProps) {
  const { runs, total, page, pageCount, today, period, unpaid } = loaderData;
  useActionAnswer({ state: useNavigation().state, data: useActionData<ActionAnswer>() });
  return (
    <>
      <PageHeader
        title="Distributions"
        subtitle="Each run pays the investors their part of the borrower payments applied up to its last day and not paid before."
      />
      <div className="grid grid-cols-1 gap-6">
        <Card aria-labelledby="open-run-title">
          <CardHeader id="open-run-title" title="Open a run" />
          {unpaid ? (
            <p className="text-sm text-ink">
              Run{' '}
              <Link to={`/admin-dashboard/distributions/${unpaid.number}`} className="font-semibold text-navy-800 underline">
                {unpaid.number}
              </Link>{' '}
              is {labelOf(RUN_STATUSES, unpaid.status)?.toLowerCase()}: mark it paid before opening the next.
            </p>
          ) : (
            <OpenRunForm today={today} period={period} />
          )}
        </Card>
        <Card pad="none" aria-labelledby="runs-title" className="p-6">
          <CardHeader id="runs-title" title="Runs" />
          {runs.length === 0 ? (
            <EmptyState icon={HandCoins} title="No runs yet.">
              Open the first run once borrower payments are recorded on loans with investors.
            </EmptyState>
          ) : (
            <Table label="Distribution runs" minWidth={880}>
              <thead>
                <tr>
                  <Th>Run</Th>
                  <Th>Period</Th>
                  <Th>Status</Th>
                  <Th className="text-right">Cash applied</Th>
                  <Th className="text-right">Investors</Th>
                  <Th className="text-right">Lender&apos;s share</Th>
                  <Th className="text-right">Spread</Th>
                  <Th>Paid on</Th>
                </tr>
              </thead>
              <tbody>
                {runs.map((r) => (
                  <tr key={r.id} className="border-t border-line align-top text-sm">
                    <td className="py-3 pr-4 whitespace-nowrap">
                      <Link
                        to={`/admin-dashboard/distributions/${r.number}`}
                        className="inline-flex min-h-11 items-center font-semibold text-navy-900 hover:underline sm:min-h-0"
                      >
                        No. {r.number}
                      </Link>
                    </td>
                    <td className="py-3 pr-4 whitespace-nowrap">{runPeriod(r)}</td>
                    <td className="py-3 pr-4">
                      <RunStatusBadge status={r.status} />
                    </td>
                    <td className="py-3 pr-4 text-right whitespace-nowrap tabular-nums">{money(r.cashCents)}</td>
                    <td className="py-3 pr-4 text-right whitespace-nowrap tabular-nums">{money(r.investorsCents)}</td>
                    <td className="py-3 pr-4 text-right whitespace-nowrap tabular-nums">{money(r.lenderCents)}</td>
                    <td className="py-3 pr-4 text-right whitespace-nowrap tabular-nums">{money(r.spreadCents)}</td>
                    <td className="py-3 whitespace-nowrap">{r.paidOn ? formatCalendarDay(r.paidOn) : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
          <Pager page={page} pageCount={pageCount} total={total} pageSize={RUNS_PAGE_SIZE} noun="runs" />
        </Card>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: 'Distributions | Ormsby Lending Admin' }];
