/**
 * A distribution run's status as a badge (issue 25 "Distribution runs"): Open (a preview, to
 * review), Approved (amounts fixed, to pay), Paid.
 */
import { Badge, type BadgeTone } from '~/components/ui/badge';
import { RUN_STATUSES, type RunStatus } from '~/lib/returns/vocabulary';
import { labelOf } from '~/lib/vocabulary';

const TONE: Record<RunStatus, BadgeTone> = { open: 'attention', approved: 'info', paid: 'success' };

/** `status` as its label in its tone. */
export function RunStatusBadge({ status }: { status: RunStatus }) {
  return <Badge tone={TONE[status]}>{labelOf(RUN_STATUSES, status)}</Badge>;
}
