/**
 * The loan review's cards for a loan at and after funding (issue 24 "Servicing", issue 25
 * "Investor returns"): in Closing, the closing record staff confirm to fund it; once funded, its
 * servicing figures with the way to its ledger and payoff; for an approved, closing or funded
 * loan, the deal that offers it to investors or the button that drafts one ('offer-deal', posted
 * to the loan review's action).
 */
import { Form, Link } from 'react-router';
import { BoardingForm } from '~/components/servicing/boarding-form';
import { PayoffLinks } from '~/components/servicing/payoff-links';
import { ServicingFigures } from '~/components/servicing/servicing-summary';
import { Button, ButtonLink } from '~/components/ui/button';
import { Card, CardHeader } from '~/components/ui/card';
import type { LoanStage } from '~/lib/loans';
import type { BoardingDefaults } from '~/lib/servicing/boarding';
import type { ServicingSummary } from '~/lib/servicing/view';

export function StaffLoanCards({
  reference,
  stage,
  today,
  boarding,
  servicing,
  offer,
}: {
  reference: string;
  stage: LoanStage;
  /** The lender's day, the boarding form's latest funding date. */
  today: string;
  /** The closing record's starting figures, in Closing only. */
  boarding: BoardingDefaults | null;
  /** The ledger's figures once funded. */
  servicing: ServicingSummary | null;
  /** The deal offering the loan, and whether one may be drafted. */
  offer: { deal: { id: string; title: string } | null; offerable: boolean };
}) {
  return (
    <>
      {stage === 'closing' && (
        <Card>
          <CardHeader title="Fund the loan" />
          {boarding ? (
            <BoardingForm defaults={boarding} today={today} />
          ) : (
            <p className="text-sm text-muted">A loan is funded from its accepted term sheet; this loan has none.</p>
          )}
        </Card>
      )}
      {servicing && (
        <Card>
          <CardHeader
            title="Servicing"
            action={
              <div className="flex flex-wrap gap-2">
                <ButtonLink to={`/admin-dashboard/loans/${reference}/ledger`} variant="navy" size="sm">
                  Ledger and payments
                </ButtonLink>
                <PayoffLinks reference={reference} staff />
              </div>
            }
          />
          <ServicingFigures summary={servicing} paidOff={stage === 'paid_off'} />
        </Card>
      )}
      {(offer.deal || offer.offerable) && (
        <Card>
          <CardHeader title="Investors" />
          {offer.deal ? (
            <p className="text-sm text-ink">
              Offered as{' '}
              <Link to={`/admin-dashboard/deals/${offer.deal.id}/investors`} className="font-semibold text-navy-900 underline">
                {offer.deal.title}
              </Link>
              .
            </p>
          ) : (
            <Form method="post" className="flex flex-wrap items-center gap-3">
              <input type="hidden" name="intent" value="offer-deal" />
              <p className="text-sm text-muted">No deal offers this loan to investors yet.</p>
              <Button type="submit" variant="navy" size="sm">
                Offer as a deal
              </Button>
            </Form>
          )}
        </Card>
      )}
    </>
  );
}
