/**
 * A loan's stage as a badge, and the status of a checklist item, in the site's badge tones
 * (issue "The loan file"): open work is attention, done is success, a closed loan neutral.
 */
import { Badge, type BadgeTone } from '~/components/ui/badge';
import { ITEM_STATUSES, labelOf, stageLabel, type ItemStatus, type LoanStage } from '~/lib/loans';

const STAGE_TONES: Record<LoanStage, BadgeTone> = {
  draft: 'neutral',
  submitted: 'info',
  in_review: 'info',
  term_sheet: 'attention',
  processing: 'info',
  approved: 'success',
  closing: 'success',
  funded: 'success',
  paid_off: 'neutral',
  declined: 'danger',
  withdrawn: 'neutral',
};

export function StageBadge({ stage }: { stage: LoanStage }) {
  return <Badge tone={STAGE_TONES[stage]}>{stageLabel(stage)}</Badge>;
}

const ITEM_TONES: Record<ItemStatus, BadgeTone> = {
  requested: 'neutral',
  uploaded: 'info',
  accepted: 'success',
  needs_attention: 'danger',
};

export function ItemStatusBadge({ status }: { status: ItemStatus }) {
  return (
    <Badge tone={ITEM_TONES[status]} className="shrink-0">
      {labelOf(ITEM_STATUSES, status)}
    </Badge>
  );
}
