/**
 * The way from a funded loan's page to its payoff quote and extension pages (issue 24): for the
 * borrower, 'Payoff quote' and 'Extend the maturity' under /dashboard/loans/{reference}; for
 * staff, 'Payoff and extensions' under /admin-dashboard/loans/{reference}. The loan pages place it.
 */
import { ButtonLink } from '~/components/ui/button';

export function PayoffLinks({ reference, staff = false }: { reference: string; staff?: boolean }) {
  if (staff)
    return (
      <ButtonLink to={`/admin-dashboard/loans/${reference}/payoff`} variant="secondary" size="sm">
        Payoff and extensions
      </ButtonLink>
    );
  return (
    <div className="flex flex-wrap gap-3">
      <ButtonLink to={`/dashboard/loans/${reference}/payoff`} variant="secondary" size="sm">
        Payoff quote
      </ButtonLink>
      <ButtonLink to={`/dashboard/loans/${reference}/extension`} variant="secondary" size="sm">
        Extend the maturity
      </ButtonLink>
    </div>
  );
}
