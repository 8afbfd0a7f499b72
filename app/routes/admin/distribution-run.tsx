/**
 * /admin-dashboard/distributions/{number}, one distribution run for staff (issue 25
 * "Distribution runs"): each investor's amount (interest, principal, fees, the shortfall carried
 * in, the amount to pay) and the loans it comes from, 50 investors a page by name (`?page=`), the preview while the run is open and the
 * stored lines once approved; the reconciliation (cash applied = investors + the lender's own
 * share + the servicing spread, to the cent); Approve (with the investors' total shown, checked
 * again by the server), Mark paid (day and reference) and the bank's CSV
 * (resources/distribution-export.ts). Admins only; every step is audited by the domain.
 */
import { redirect, useActionData, useNavigation } from 'react-router';
import type { Route } from './+types/distribution-run';
import { ExportCsvForm } from '~/components/admin/export-csv-form';
import { EmptyState, PageHeader } from '~/components/layout/dashboard-shell';
import { BackLink } from '~/components/loans/loan-header';
import { ApproveRunForm, MarkPaidForm } from '~/components/returns/run-forms';
import { RunStatusBadge } from '~/components/returns/run-status';
import { Card, CardHeader } from '~/components/ui/card';
import { Pager } from '~/components/ui/pager';
import { Table, Th } from '~/components/ui/table';
import { HandCoins } from 'lucide-react';
import { z } from 'zod';
import { formatCalendarDay, lenderDay, usdCents } from '~/lib/format';
import { parseForm } from '~/lib/parse-form';
import { pageParam, parseSearch } from '~/lib/search-params';
import {
  approveRunSchema,
  markPaidSchema,
  partsTotal,
  reconciliationLines,
  RUN_INVESTORS_PAGE_SIZE,
  runPeriod,
} from '~/lib/returns/distribution';
import { useActionAnswer, type ActionAnswer } from '~/lib/use-action-answer';
import { requestInfo } from '~/load-context';
import { answerForm, found, refuseFields } from '~/server/answers.server';
import { approveRun, findRun, markRunPaid, runDetail } from '~/server/domain/returns/distributions.server';
import { NotFound, Refused } from '~/server/errors.server';
import { readForm, readIntent } from '~/server/forms.server';
import { requireAdmin } from '~/server/guards.server';
import { confirmationNeeded } from '~/server/step-up.server';
import { toastHeaders } from '~/server/toast.server';

const pageQuery = z.object({ page: pageParam });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdmin({ request, context });
  const { page } = parseSearch(new URL(request.url), pageQuery);
  const detail = found(await runDetail(params.number, page), 'Run');
  return { ...detail, today: lenderDay(), confirmationNeeded: await confirmationNeeded(admin) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin({ request, context });
  const page = `/admin-dashboard/distributions/${params.number}`;
  return answerForm(requestInfo(context), page, async () => {
    const run = await findRun(params.number);
    if (!run) throw new NotFound('This distribution run does not exist.', 'Run not found');
    const form = await readForm(request);
    const { intent } = readIntent(form, ['approve', 'paid']);
    const done = async (title: string, description?: string) =>
      redirect(page, { headers: await toastHeaders({ type: 'success', title, description }) });
    if (intent === 'approve') {
      const submission = parseForm(form, { schema: approveRunSchema });
      if (submission.status !== 'success')
        throw new Refused('conflict', 'The figures changed since you opened this page; review them again.', 'Run not approved');
      const totals = await approveRun(admin, run.id, submission.value);
      return done(
        `Run ${run.number} approved`,
        `${usdCents(totals.payableCents)} to pay to ${totals.investors === 1 ? '1 investor' : `${totals.investors} investors`}.`,
      );
    }
    const submission = parseForm(form, { schema: markPaidSchema(lenderDay()) });
    if (submission.status !== 'success') return refuseFields('invalid', { ok: false, intent, result: submission.reply() });
    await markRunPaid(admin, run.id, submission.value);
    return done(`Run ${run.number} paid`, 'Each investor is told, with their statement.');
  });
}

const cell = 'py-3 pr-4 text-right whitespace-nowrap tabular-nums';

export default function DistributionRun({ loaderData }: Route.ComponentProps) {
  const { run, totals, investors, today, page, pageCount } = loaderData;
  useActionAnswer({ state: useNavigation().state, data: useActionData<ActionAnswer>() });
  const reconciliation = reconciliationLines(totals);
  const base = `/admin-dashboard/distributions/${run.number}`;
  return (
    <>
      <BackLink to="/admin-dashboard/distributions" label="Distributions" />
      <PageHeader
        title={`Run No. ${run.number}`}
        subtitle={
          <span className="inline-flex flex-wrap items-center gap-2">
            {runPeriod(run)} <RunStatusBadge status={run.status} />
          </span>
        }
      />
      <div className="grid grid-cols-1 gap-6">
        <div className="grid min-w-0 grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
          <Card aria-labelledby="reconciliation-title">
            <CardHeader id="reconciliation-title" title="Reconciliation" />
            <dl className="grid gap-2 text-sm">
              {reconciliation.lines.map(([label, value]) => (
                <div key={label} className="flex justify-between gap-4">
                  <dt className="text-muted">{label}</dt>
                  <dd className="tabular-nums">{value}</dd>
                </div>
              ))}
              <div className="flex justify-between gap-4 border-t border-line pt-2 font-semibold">
                <dt>To pay ({totals.investors === 1 ? '1 investor' : `${totals.investors} investors`})</dt>
                <dd className="tabular-nums">{usdCents(totals.payableCents)}</dd>
              </div>
            </dl>
            <p className="mt-3 text-sm text-ink">
              {reconciliation.balanced
                ? 'Cash applied equals the investors’ part, the lender’s own share and the spread, to the cent.'
                : 'The figures do not reconcile: do not approve; tell the developers.'}
            </p>
            {totals.payableCents !== totals.investorsCents && (
              <p className="mt-2 text-sm text-muted">
                The amount to pay differs from the investors&apos; part by the shortfalls carried in and out (a returned payment).
              </p>
            )}
          </Card>
          <Card aria-labelledby="actions-title">
            <CardHeader
              id="actions-title"
              title={run.status === 'open' ? 'Approve' : run.status === 'approved' ? 'Pay' : 'Paid'}
            />
            {run.status === 'open' && (
              <ApproveRunForm investorsCents={totals.investorsCents} payableCents={totals.payableCents} />
            )}
            {run.status === 'approved' && <MarkPaidForm today={today} periodTo={run.periodTo} />}
            {run.status === 'paid' && (
              <dl className="grid gap-2 text-sm">
                <div className="flex justify-between gap-4">
                  <dt className="text-muted">Paid on</dt>
                  <dd>{run.paidOn ? formatCalendarDay(run.paidOn) : '—'}</dd>
                </div>
                <div className="flex justify-between gap-4">
                  <dt className="text-muted">Reference</dt>
                  <dd className="break-all">{run.paymentReference}</dd>
                </div>
              </dl>
            )}
            {run.status !== 'open' && (
              <div className="mt-6 grid gap-2 border-t border-line pt-4">
                <p className="text-sm text-muted">The bank file: each investor paid, with the amount in dollars and cents.</p>
                <ExportCsvForm action={`${base}/export`} confirm={loaderData.confirmationNeeded} />
              </div>
            )}
          </Card>
        </div>
        <Card pad="none" className="p-6" aria-labelledby="investors-title">
          <CardHeader id="investors-title" title={run.status === 'open' ? 'Investors (preview)' : 'Investors'} />
          {investors.length === 0 ? (
            <EmptyState icon={HandCoins} title="Nothing to distribute.">
              No borrower payment up to {formatCalendarDay(run.periodTo)} on a loan with investors is left to distribute.
            </EmptyState>
          ) : (
            <Table label="Each investor's distribution" minWidth={820}>
              <thead>
                <tr>
                  <Th>Investor</Th>
                  <Th className="text-right">Interest</Th>
                  <Th className="text-right">Principal</Th>
                  <Th className="text-right">Fees</Th>
                  <Th className="text-right">Carried in</Th>
                  <Th className="text-right">Amount to pay</Th>
                </tr>
              </thead>
              <tbody>
                {investors.map((i) => (
                  <tr key={i.investorId} className="border-t border-line align-top text-sm">
                    <td className="py-3 pr-4">
                      <span className="block font-medium text-ink">{i.name}</span>
                      <span className="block text-xs break-all text-muted">{i.email}</span>
                      {run.status !== 'open' && (
                        <a
                          href={`${base}/pdf/${i.investorId}`}
                          className="inline-flex min-h-11 items-center text-xs font-semibold text-navy-800 underline sm:min-h-0"
                        >
                          Statement (PDF)<span className="sr-only">{` of ${i.name}`}</span>
                        </a>
                      )}
                    </td>
                    <td className={cell}>{usdCents(i.interestCents)}</td>
                    <td className={cell}>{usdCents(i.principalCents)}</td>
                    <td className={cell}>{usdCents(i.feesCents)}</td>
                    <td className={cell}>{usdCents(i.carriedInCents)}</td>
                    <td className={`${cell} font-semibold text-navy-900`}>{usdCents(i.amountCents)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
          <div className="mt-4">
            <Pager
              page={page}
              pageCount={pageCount}
              total={totals.investors}
              pageSize={RUN_INVESTORS_PAGE_SIZE}
              noun="investors"
            />
          </div>
        </Card>
        {investors.length > 0 && (
          <Card pad="none" className="p-6" aria-labelledby="loans-title">
            <CardHeader id="loans-title" title={pageCount > 1 ? 'By loan (the investors on this page)' : 'By loan'} />
            <Table label="Each investor's part of each loan" minWidth={820}>
              <thead>
                <tr>
                  <Th>Investor</Th>
                  <Th>Deal and loan</Th>
                  <Th className="text-right">Payments</Th>
                  <Th className="text-right">Interest</Th>
                  <Th className="text-right">Principal</Th>
                  <Th className="text-right">Fees</Th>
                  <Th className="text-right">Total</Th>
                </tr>
              </thead>
              <tbody>
                {investors.flatMap((i) =>
                  i.loans.map((l) => (
                    <tr key={`${i.investorId}-${l.loanId}`} className="border-t border-line align-top text-sm">
                      <td className="py-3 pr-4 font-medium text-ink">{i.name}</td>
                      <td className="py-3 pr-4">
                        <span className="block">{l.dealTitle}</span>
                        <span className="block text-xs text-muted">{l.loanReference}</span>
                      </td>
                      <td className={cell}>{l.entries.length}</td>
                      <td className={cell}>{usdCents(l.interestCents)}</td>
                      <td className={cell}>{usdCents(l.principalCents)}</td>
                      <td className={cell}>{usdCents(l.feesCents)}</td>
                      <td className={cell}>{usdCents(partsTotal(l))}</td>
                    </tr>
                  )),
                )}
              </tbody>
            </Table>
          </Card>
        )}
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ params }) => [{ title: `Distribution run ${params.number} | Ormsby Lending Admin` }];
