/**
 * POST /admin-dashboard/audit/export: the audit log as CSV (issue "Security and scale"), the
 * events the page's filters match, newest first, AUDIT_EXPORT_MAX at most. Exporting personal
 * data asks for the password or a code when the last proof is older than 10 minutes; a refusal
 * returns to the page with its message. Written by `toCsv` (formula-safe cells). The export
 * itself is audited. Admins only; GET goes to the page.
 */
import { redirect } from 'react-router';
import type { Route } from './+types/audit-export';
import { AUDIT_EXPORT_MAX, auditActionLabel, auditChange, auditQuery, auditSubject } from '~/lib/audit';
import { formatDateTime, lenderDay } from '~/lib/format';
import { parseSearch } from '~/lib/search-params';
import { requestInfo } from '~/load-context';
import { answerForm, answerRefusals } from '~/server/answers.server';
import { audit, auditEvents } from '~/server/domain/audit.server';
import { readForm } from '~/server/forms.server';
import { requireAdmin } from '~/server/guards.server';
import type { Viewer } from '~/lib/viewer';
import { requireRecentConfirmation } from '~/server/step-up.server';
import { csvResponse, toCsv } from '~/server/csv.server';

export function loader() {
  throw redirect('/admin-dashboard/audit');
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin({ request, context });
  // A body that is not a form is refused with its status (415, 400, 413), not a 500.
  return answerRefusals(async () => {
    const formData = await readForm(request);
    const query = new URLSearchParams();
    for (const name of ['who', 'action', 'from', 'to'])
      if (typeof formData.get(name) === 'string') query.set(name, formData.get(name) as string);
    // A confirmation refused returns to the page with its message.
    return answerForm(requestInfo(context), `/admin-dashboard/audit?${query}`, () =>
      exportAudit(request, admin, formData, query, requestInfo(context).clientIp),
    );
  });
}

async function exportAudit(request: Request, admin: Viewer, formData: FormData, query: URLSearchParams, clientIp: string) {
  const { page: _page, ...filters } = parseSearch(new URL(`http://audit.invalid/?${query}`), auditQuery);
  await requireRecentConfirmation(request, admin, formData);
  const events = await auditEvents(filters, AUDIT_EXPORT_MAX);
  await audit(admin, 'audit.exported', { type: 'audit' }, { filters, events: events.length, clientIp });
  const rows = events.map((e) => [
    e.createdAt.toISOString(),
    formatDateTime(e.createdAt),
    e.actorEmail ?? '',
    auditActionLabel(e.action),
    e.action,
    auditSubject(e).label,
    auditChange(e) ?? '',
  ]);
  const header = ['Time (UTC)', 'Time (lender)', 'Who', 'Action', 'Action code', 'Object', 'Detail'];
  return csvResponse(toCsv(header, rows), `audit-log-${lenderDay()}.csv`);
}
