/**
 * /admin-dashboard/tax, the staff's year-end tax run (issue 25 "Lender's staff": "the year-end tax
 * run lists every investor's interest for the year, with a CSV for the filing service;
 * corrections are new entries, never edits"): pick a year (`?year=`, default the last ended
 * year); every investor paid interest in it (runs paid in the calendar year), 50 a page by name
 * (`?page=`), with the statement issued to them, if any, and whether the figure changed since;
 * 'Issue the year's statements' (version 1 for each investor without one, once the year has ended); 'Issue a correction' (a new
 * version with a reason) where the figure changed; the filing service's CSV
 * (resources/tax-export.ts, with the step-up confirmation). Admins only; every issue is audited
 * (domain/returns/tax.server.ts). Forms post without JavaScript (answerForm).
 */
import { Landmark } from 'lucide-react';
import { Form, redirect } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/tax';
import { ExportCsvForm } from '~/components/admin/export-csv-form';
import { SelectField } from '~/components/forms';
import { EmptyState, PageHeader } from '~/components/layout/dashboard-shell';
import { CorrectionForm, IssueYearForm } from '~/components/returns/tax-forms';
import { Badge, type BadgeTone } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { cardClasses } from '~/components/ui/card';
import { Pager } from '~/components/ui/pager';
import { Table, Th } from '~/components/ui/table';
import { count, formatDate, lenderDay, usdCents } from '~/lib/format';
import { parseForm } from '~/lib/parse-form';
import { defaultTaxYear, taxActionSchema, taxYearField, TAX_MESSAGES, TAX_PAGE_SIZE, type TaxRowState } from '~/lib/returns/tax';
import { pageParam, parseSearch } from '~/lib/search-params';
import { requestInfo } from '~/load-context';
import { answerForm, refuseFields } from '~/server/answers.server';
import { correctTaxStatement, issueTaxYear, taxYear, taxYears } from '~/server/domain/returns/tax.server';
import { readForm, readIntent } from '~/server/forms.server';
import { requireAdmin } from '~/server/guards.server';
import { confirmationNeeded } from '~/server/step-up.server';
import { toastHeaders } from '~/server/toast.server';

const yearQuery = (today: string) => z.object({ year: taxYearField.catch(defaultTaxYear(today)), page: pageParam });

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin({ request, context });
  const today = lenderDay();
  const { year, page } = parseSearch(new URL(request.url), yearQuery(today));
  const [run, years, confirm] = await Promise.all([taxYear(year, today, page), taxYears(today), confirmationNeeded(admin)]);
  return { ...run, years: years.includes(year) ? years : [year, ...years], confirmationNeeded: confirm };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin({ request, context });
  const today = lenderDay();
  const { year } = parseSearch(new URL(request.url), yearQuery(today));
  const page = `/admin-dashboard/tax?year=${year}`;
  return answerForm(requestInfo(context), page, async () => {
    const form = await readForm(request);
    const { intent } = readIntent(form, ['issue', 'correct']);
    const done = async (title: string, description?: string) =>
      redirect(page, { headers: await toastHeaders({ type: 'success', title, description }) });
    const submission = parseForm(form, { schema: taxActionSchema });
    if (submission.status !== 'success')
      return refuseFields('invalid', {
        ok: false,
        intent,
        investorId: String(form.get('investorId') ?? ''),
        result: submission.reply(),
      });
    const value = submission.value;
    if (value.intent === 'issue') {
      const issued = await issueTaxYear(admin, year, today);
      return done(
        issued ? `${count(issued)} tax ${issued === 1 ? 'statement' : 'statements'} issued` : 'No statement to issue',
        `Tax year ${year}.`,
      );
    }
    const version = await correctTaxStatement(admin, year, value.investorId, value.reason);
    return done('Correction issued', `Version ${version} of the ${year} statement.`);
  });
}

const STATE: Record<TaxRowState, { label: string; tone: BadgeTone }> = {
  'not-issued': { label: 'Not issued', tone: 'attention' },
  issued: { label: 'Issued', tone: 'success' },
  changed: { label: 'Figure changed', tone: 'danger' },
};

/** One figure of the totals. */
function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-line bg-ivory px-4 py-3">
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-navy-900 tabular-nums">{value}</dd>
    </div>
  );
}

export default function TaxRun({ loaderData }: Route.ComponentProps) {
  const { year, years, ended, rows, totals, page, pageCount } = loaderData;
  return (
    <>
      <PageHeader
        title="Tax statements"
        subtitle="Each investor’s interest paid in the calendar year (1099-INT box 1), from the distribution runs paid in it."
      />
      <section className={cardClasses('none', 'grid grid-cols-1 gap-6 p-6')}>
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <SelectField
            className="w-40"
            label="Tax year"
            placeholder="Choose a year"
            options={years.map((y) => ({ value: String(y), label: String(y) }))}
            selectProps={{ name: 'year', defaultValue: String(year), required: true }}
          />
          <Button type="submit" variant="secondary">
            Show
          </Button>
        </Form>
        <dl aria-label={`Totals for ${year}`} className="grid gap-3 sm:grid-cols-4">
          <Figure label={totals.investors === 1 ? 'Investor' : 'Investors'} value={count(totals.investors)} />
          <Figure label="Interest paid" value={usdCents(totals.interestCents)} />
          <Figure label="Not issued" value={count(totals.notIssued)} />
          <Figure label="Figure changed" value={count(totals.changed)} />
        </dl>
        <div className="flex flex-col gap-4 border-t border-line pt-4 lg:flex-row lg:items-end lg:justify-between">
          <div className="grid gap-2">
            {ended ? (
              <IssueYearForm year={year} due={totals.notIssued} />
            ) : (
              <p className="text-sm text-muted">{TAX_MESSAGES.notEnded} The figures below are so far.</p>
            )}
          </div>
          <div className="grid gap-2">
            <p className="text-sm text-muted">The filing service’s file: each investor’s latest issued statement.</p>
            <ExportCsvForm action={`/admin-dashboard/tax/${year}/export`} confirm={loaderData.confirmationNeeded} />
          </div>
        </div>
        {rows.length === 0 ? (
          <EmptyState icon={Landmark} title={`No interest paid in ${year}.`}>
            An investor appears here once a distribution run that pays them interest is marked paid in the year.
          </EmptyState>
        ) : (
          <Table label={`Investors’ interest in ${year}`} minWidth={860}>
            <thead>
              <tr>
                <Th>Investor</Th>
                <Th className="text-right">Interest paid</Th>
                <Th>Statement</Th>
                <Th className="text-right">Issued figure</Th>
                <Th>Correction</Th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.investorId} className="border-t border-line align-top text-sm">
                  <td className="py-3 pr-4">
                    <span className="font-medium text-ink">{r.name}</span>
                    <span className="block text-xs break-all text-muted">{r.email}</span>
                  </td>
                  <td className="py-3 pr-4 text-right whitespace-nowrap tabular-nums">{usdCents(r.interestCents)}</td>
                  <td className="py-3 pr-4">
                    <Badge tone={STATE[r.state].tone}>{STATE[r.state].label}</Badge>
                    {r.issued && (
                      <span className="mt-1 block text-xs text-muted">
                        Version {r.issued.version}
                        {r.issued.version > 1 ? ' (corrected)' : ''} · {formatDate(r.issued.issuedAt)}
                      </span>
                    )}
                  </td>
                  <td className="py-3 pr-4 text-right whitespace-nowrap tabular-nums">
                    {r.issued ? usdCents(r.issued.interestCents) : '—'}
                  </td>
                  <td className="py-3 sm:min-w-64">
                    {r.state === 'changed' ? (
                      <CorrectionForm investorId={r.investorId} name={r.name} />
                    ) : (
                      <span className="text-muted">{r.issued?.reason ? `Last: ${r.issued.reason}` : '—'}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        <Pager page={page} pageCount={pageCount} total={totals.investors} pageSize={TAX_PAGE_SIZE} noun="investors" />
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: 'Tax statements | Ormsby Lending Admin' }];
