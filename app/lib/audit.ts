/**
 * The audit log's vocabulary (product decisions D31; issue "Security and scale"): each action
 * named in words, the filters of /admin-dashboard/audit read from its search parameters, and
 * one event's change or detail in words, shared by the page and its CSV export.
 */
import { z } from 'zod';
import { isCalendarDay } from './format';
import { dataRoomAudienceLabel, dataRoomKindLabel } from './data-room';
import { COMMITMENT_STATUSES } from './investing';
import { labelOf, LOAN_STAGES } from './loans';
import { searchParam, pageParam } from './search-params';

export const AUDIT_ACTIONS = {
  'sign-in': 'Signed in',
  'sign-in.failed': 'Sign-in failed',
  'two-factor.enabled': 'Two-step verification turned on',
  'two-factor.disabled': 'Two-step verification turned off',
  'two-factor.recovery_codes_replaced': 'Recovery codes replaced',
  'two-factor.reset': 'Two-step verification reset by staff',
  'document.opened': 'Document opened',
  'document.downloaded': 'Document downloaded',
  'account.disabled': 'Account disabled',
  'account.enabled': 'Account enabled',
  'role.admin_granted': 'Admin access granted',
  'role.admin_removed': 'Admin access removed',
  'account.reset_sent': 'Password reset sent',
  'account.verification_sent': 'Verification e-mail sent',
  'admin.password_changed': 'Password changed',
  'audit.exported': 'Audit log exported',
  'demand.exported': 'Investor demand exported',
  'servicing.exported': 'Servicing list exported',
  'tax.statements_issued': 'Tax statements issued',
  'tax.statement_corrected': 'Tax statement corrected',
  'tax.exported': 'Tax statements exported',
  'deal.created': 'Deal created',
  'deal.updated': 'Deal edited',
  'deal.deleted': 'Deal deleted',
  'deal.restored': 'Deal restored',
  'contact.status_changed': 'Contact status changed',
  'loan.stage_moved': 'Loan stage moved',
  'loan.declined': 'Loan declined',
  'loan.item_requested': 'Document requested',
  'loan.item_accepted': 'Document accepted',
  'loan.item_needs_attention': 'Document sent back',
  'loan.term_sheet_issued': 'Term sheet issued',
  'loan.message_sent': 'Message to borrower',
  'loan.note_added': 'Internal note added',
  'loan.payoff_quoted': 'Payoff quote issued',
  'loan.payoff_recorded': 'Payoff recorded',
  'loan.extension_approved': 'Extension approved',
  'loan.extension_declined': 'Extension declined',
  'loan.update_posted': 'Update posted to investors',
  'commitment.moved': 'Investor amount moved',
  'position.recorded': 'Funds received (position recorded)',
  'deal.linked': 'Deal linked to a loan',
  'accreditation.verified': 'Accreditation letter verified',
  'accreditation.lender_checked': "Accreditation recorded (lender's check)",
  'accreditation.rejected': 'Accreditation letter sent back',
  'accreditation.letter_opened': 'Accreditation letter opened',
  'accreditation.letter_downloaded': 'Accreditation letter downloaded',
  'data-room.document_added': 'Data-room document added',
  'data-room.document_renamed': 'Data-room document renamed',
  'data-room.audience_changed': 'Data-room audience changed',
  'data-room.document_removed': 'Data-room document removed',
  'data-room.downloaded': 'Data-room document downloaded',
  'site-content.draft_saved': 'Site content change saved',
  'site-content.published': 'Site content published',
  'site-content.draft_discarded': 'Site content change discarded',
  'distribution.run_opened': 'Distribution run opened',
  'distribution.run_approved': 'Distribution run approved',
  'distribution.run_paid': 'Distribution run paid',
  'distribution.exported': 'Distribution bank file exported',
  'distribution.statement_opened': 'Distribution statement opened',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** The action in words (an unknown one as it is stored). */
export const auditActionLabel = (action: string) => (AUDIT_ACTIONS as Record<string, string>)[action] ?? action;

const dayParam = z.string().refine(isCalendarDay).nullable().catch(null);

/** The audit log's filters: a person (e-mail, as actor or subject), an action, a range of days in the lender's zone. */
export const auditQuery = z.object({
  who: searchParam,
  action: z
    .enum(Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]])
    .nullable()
    .catch(null),
  from: dayParam,
  to: dayParam,
  page: pageParam,
});
export type AuditFilters = Omit<z.infer<typeof auditQuery>, 'page'>;

/** Audit events a page. */
export const AUDIT_PAGE_SIZE = 50;
/** The most events one CSV export holds (the newest first). */
export const AUDIT_EXPORT_MAX = 50_000;

/** One event's change or detail in words: a status move, the item, the sign-in step and address, the reason given. */
export function auditChange(e: { action: string; details: Record<string, unknown> }): string | null {
  const d = e.details;
  if (e.action === 'contact.status_changed') return `${String(d.from)} → ${String(d.to)}`;
  if (e.action === 'loan.stage_moved') return `${labelOf(LOAN_STAGES, String(d.from))} → ${labelOf(LOAN_STAGES, String(d.to))}`;
  if (e.action.startsWith('loan.item_')) return String(d.item);
  if (e.action === 'commitment.moved')
    return `${String(d.amount ? `$${Number(d.amount).toLocaleString('en-US')} ` : '')}${labelOf(COMMITMENT_STATUSES, String(d.from))} → ${labelOf(COMMITMENT_STATUSES, String(d.to))}${d.note ? ` · “${String(d.note)}”` : ''}`;
  if (e.action === 'data-room.document_renamed') return `“${String(d.from)}” → “${String(d.to)}”`;
  if (e.action === 'data-room.audience_changed')
    return `“${String(d.document)}”: ${dataRoomAudienceLabel(String(d.from))} → ${dataRoomAudienceLabel(String(d.to))}`;
  if (e.action.startsWith('data-room.'))
    return [
      typeof d.document === 'string' ? `“${d.document}”` : null,
      typeof d.kind === 'string' ? dataRoomKindLabel(d.kind) : null,
      typeof d.audience === 'string' ? dataRoomAudienceLabel(d.audience) : null,
      typeof d.clientIp === 'string' ? d.clientIp : null,
    ]
      .filter(Boolean)
      .join(' · ');
  const parts = [
    typeof d.step === 'string' ? d.step : null,
    typeof d.reason === 'string' ? `“${d.reason}”` : null,
    typeof d.clientIp === 'string' ? d.clientIp : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

/** An audit event with the names of its object as they are now (domain `auditEvents`). */
interface AuditRowNames {
  subjectType: string;
  subjectId: string | null;
  details: Record<string, unknown>;
  contactName: string | null;
  contactEmail: string | null;
  dealTitle: string | null;
  userEmail: string | null;
}

/**
 * The object an event acted on, in words, with the admin page that shows it while it exists
 * (issue "Solid ground" 12); `href` null for an object that is gone or has no page.
 */
export function auditSubject(e: AuditRowNames): { label: string; href: string | null } {
  const title = typeof e.details.title === 'string' ? e.details.title : null;
  switch (e.subjectType) {
    case 'contact':
      return e.contactEmail
        ? {
            label: `Inquiry from ${e.contactName} (${e.contactEmail})`,
            href: `/admin-dashboard/contacts?q=${encodeURIComponent(e.contactEmail)}`,
          }
        : { label: 'A deleted inquiry', href: null };
    case 'deal':
      return e.dealTitle
        ? { label: e.dealTitle, href: `/admin-dashboard/deals/${e.subjectId}/edit` }
        : { label: title ?? 'A deleted deal', href: null };
    case 'user':
      if (!e.subjectId) return { label: 'No account with that address', href: null };
      return e.userEmail
        ? { label: e.userEmail, href: `/admin-dashboard/users?q=${encodeURIComponent(e.userEmail)}` }
        : { label: 'A deleted account', href: null };
    case 'document':
      return { label: title ? `Document “${title}”` : 'A document', href: null };
    case 'loan':
      return typeof e.details.reference === 'string'
        ? { label: `Loan ${e.details.reference}`, href: `/admin-dashboard/loans/${e.details.reference}` }
        : { label: 'A loan', href: null };
    case 'audit':
      return { label: 'The audit log', href: null };
    case 'servicing':
      return { label: 'The servicing list', href: '/admin-dashboard/servicing' };
    case 'distribution_run':
      return typeof e.details.number === 'number'
        ? { label: `Distribution run No. ${e.details.number}`, href: `/admin-dashboard/distributions/${e.details.number}` }
        : { label: 'A distribution run', href: null };
    case 'tax':
      return { label: `Tax statements ${e.subjectId ?? ''}`.trim(), href: `/admin-dashboard/tax?year=${e.subjectId ?? ''}` };
    case 'commitment':
      return typeof e.details.deal === 'string'
        ? {
            label: `An amount in ${e.details.deal}`,
            href: typeof e.details.dealId === 'string' ? `/admin-dashboard/deals/${e.details.dealId}/investors` : null,
          }
        : { label: 'An investor amount', href: null };
    default:
      return { label: e.subjectType, href: null };
  }
}
