/**
 * A soft commitment's status as a badge (issue "Investing"): the vocabulary's label in a tone
 * that says what the lender does next (Indicated waits for a decision, Waitlisted for room).
 */
import { Badge, type BadgeTone } from '~/components/ui/badge';
import { commitmentLabel, type CommitmentStatus } from '~/lib/investing';

const TONES: Record<CommitmentStatus, BadgeTone> = {
  indicated: 'info',
  waitlisted: 'attention',
  confirmed: 'success',
  funded: 'success',
  declined: 'danger',
  withdrawn: 'neutral',
};

export function CommitmentBadge({ status }: { status: CommitmentStatus }) {
  return <Badge tone={TONES[status]}>{commitmentLabel(status)}</Badge>;
}
