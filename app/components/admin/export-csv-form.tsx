/**
 * 'Export CSV' (the audit log; a deal's investors and amounts): a form that downloads from the
 * export route `action`, which asks for the password or a code when the session's last proof is
 * older than 10 minutes (`confirm`), since exports hold personal data. `fields` travel as hidden
 * inputs (the audit log's filters); empty ones are left out.
 */
import { Download } from 'lucide-react';
import { Form } from 'react-router';
import { Field } from '~/components/forms';
import { Button } from '~/components/ui/button';

export function ExportCsvForm({
  action,
  confirm,
  fields = {},
}: {
  action: string;
  confirm: boolean;
  fields?: Record<string, string | null | undefined>;
}) {
  return (
    <Form method="post" action={action} reloadDocument className="flex flex-wrap items-end gap-3">
      {Object.entries(fields).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
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
