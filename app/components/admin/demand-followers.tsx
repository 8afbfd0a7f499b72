/**
 * The investors who follow a deal (issue "Investing"): who, since when, and the open amount each
 * has on it, if any, on the demand page.
 */
import { Table, Th } from '~/components/ui/table';
import { formatDate, usd } from '~/lib/format';
import type { DemandFollower } from '~/lib/demand';
import { CommitmentBadge } from './demand-status';
import { EmailAddress } from '~/components/ui/email-address';

export function DemandFollowersTable({ rows }: { rows: readonly DemandFollower[] }) {
  return (
    <Table label="Followers" minWidth={640}>
      <thead>
        <tr>
          <Th>Investor</Th>
          <Th>Following since</Th>
          <Th>Amount</Th>
        </tr>
      </thead>
      <tbody>
        {rows.map((f) => (
          <tr key={f.id} className="border-t border-line align-top text-sm">
            <td className="py-3 pr-4">
              <span className="block font-medium text-navy-900">{f.name}</span>
              <a className="flex min-h-11 items-center text-muted hover:underline" href={`mailto:${f.email}`}>
                <EmailAddress email={f.email} />
              </a>
            </td>
            <td className="py-3 pr-4 whitespace-nowrap text-muted">{formatDate(f.followedAt)}</td>
            <td className="py-3">
              {f.amount ? (
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{usd(f.amount.amount)}</span>
                  <CommitmentBadge status={f.amount.status} />
                </span>
              ) : (
                <span className="text-muted">No amount</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
