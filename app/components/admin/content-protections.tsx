/**
 * The 'Investor protections' editor of 'Site content' (issue 23 "Trust at first sight"): the three
 * statements every deal page shows an investor beside the projected interest (who services the
 * loan, where funds are held before funding, what happens if the borrower defaults). One form,
 * checked in the browser with the server's schema; a save is an unpublished change.
 */
import { getFormProps, getTextareaProps, useForm } from '@conform-to/react';
import { ErrorList, TextareaField } from '~/components/forms';
import { cardClasses } from '~/components/ui/card';
import { INVESTOR_PROTECTION_ITEMS, investorProtectionsFormSchema, type InvestorProtections } from '~/lib/site-content';
import { HiddenFields, SaveButton, useSectionForm } from './content-list';

const FORM_ID = 'investor-protections';

export function InvestorProtectionsEditor({ protections }: { protections: InvestorProtections }) {
  const { fetcher, busy, options } = useSectionForm(FORM_ID, investorProtectionsFormSchema);
  const [form, fields] = useForm({ ...options, defaultValue: protections });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className={cardClasses('lg', 'grid max-w-3xl gap-6')}>
      <HiddenFields fields={{ intent: 'save', formId: FORM_ID }} />
      <p className="text-sm text-muted">
        Every deal page shows these to investors, in plain words, with a link to the Investor FAQ. Name the escrow or title
        company if you always use the same one.
      </p>
      {INVESTOR_PROTECTION_ITEMS.map(({ key, label }) => (
        <TextareaField
          key={key}
          label={label}
          errors={fields[key].errors}
          textareaProps={{ ...getTextareaProps(fields[key]), rows: 4, className: 'min-h-28' }}
        />
      ))}
      <ErrorList id={form.errorId} errors={form.errors} />
      <div>
        <SaveButton busy={busy}>Save investor protections</SaveButton>
      </div>
    </fetcher.Form>
  );
}
