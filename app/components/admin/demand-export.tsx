/**
 * 'Export CSV' of a deal's amounts (issue "Investing"): a download from the export route, which
 * asks for the password or a code when the last proof is older than 10 minutes, as the audit
 * log's export does (personal data).
 */
import { Download } from 'lucide-react';
import { Form } from 'react-router';
import { Field } from '~/components/forms';
import { Button } from '~/components/ui/button';

export function DemandExportForm({ dealId, confirm }: { dealId: string; confirm: boolean }) {
  return (
    <Form
      method="post"
      action={`/admin-dashboard/deals/${dealId}/investors/export`}
      reloadDocument
      className="flex flex-wrap items-end gap-3"
    >
      {confirm && (
        <Field
          label="Your password or authenticator code"
          hint="Exports hold personal data: confirm it’s you."
          inputProps={{ name: 'confirmation', type: 'password', required: true, autoComplete: 'current-password' }}
        />
      )}
      <Button type="submit" variant="secondary">
        <Download aria-hidden className="size-4" /> Export CSV
      </Button>
    </Form>
  );
}
