/**
 * A position's loan status as a Badge (issue 25 "Portfolio": Current, Late 1–29 / 30–59 / 60+
 * days, In default, Extended, Paid off; app/lib/returns/status.ts), one tone per status, for the
 * investor's portfolio and position pages.
 */
import { Badge, type BadgeTone } from '~/components/ui/badge';
import { POSITION_STATUSES, type PositionStatus } from '~/lib/returns/vocabulary';
import { labelOf } from '~/lib/vocabulary';

const TONE: Record<PositionStatus, BadgeTone> = {
  current: 'success',
  'late-1-29': 'attention',
  'late-30-59': 'danger',
  'late-60-plus': 'danger',
  default: 'danger',
  extended: 'info',
  'paid-off': 'neutral',
};

export function PositionStatusBadge({ status }: { status: PositionStatus }) {
  return <Badge tone={TONE[status]}>{labelOf(POSITION_STATUSES, status)}</Badge>;
}
