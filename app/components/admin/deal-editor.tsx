/**
 * The deal editor of the new-deal and edit-deal pages (product §5 deal form; decisions: deal
 * fields): property, amounts in whole dollars, LTV and interest rate in percent, term in months, acreage,
 * coordinates, status, the investing terms and the loan as investors read it (issue "Investing":
 * amount to raise, investment step, lien position, loan purpose, borrower experience, exit
 * strategy, risk factors one per line), images (the first is the cover) and a PDF prospectus.
 * Validated in the browser with the server's schema; the page's action (saveDealAction) checks
 * it all again, and its errors (the schema's cross-field rules included) show on the fields.
 * Issue 25 "Investor returns": the rate is the investor rate; a deal that offers a loan shows the
 * loan's note rate and the servicing spread (their difference) beside it, and who receives the
 * loan's late charges and fees.
 */
import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react';
import { useState } from 'react';
import { Form, Link, useActionData, useNavigation } from 'react-router';
import { ChoiceSelect, ErrorList, Field, MoneyField, SelectField, TextareaField } from '~/components/forms';
import { PageHeader } from '~/components/layout/dashboard-shell';
import { Button, buttonClasses } from '~/components/ui/button';
import { FilePicker } from '~/components/ui/file-picker';
import { dealImageUrl } from '~/lib/deals';
import { percent, typedDollars } from '~/lib/format';
import { parseForm } from '~/lib/parse-form';
import { spreadPercent } from '~/lib/returns/positions';
import { FEES_TO, type FeesTo } from '~/lib/returns/vocabulary';
import {
  ADMIN_PROPERTY_TYPES,
  DEAL_IMAGE_MAX_BYTES,
  DEAL_PROSPECTUS_MAX_BYTES,
  DEFAULT_INVESTMENT_STEP,
  DEAL_DOLLARS,
  dealFormSchema,
  LIEN_POSITION_CHOICES,
  type LIEN_POSITIONS,
} from '~/lib/schemas/deal';
import type { ActionAnswer } from '~/lib/use-action-answer';
import { useActionAnswer } from '~/lib/use-action-answer';
import { cardClasses } from '~/components/ui/card';

/** The stored deal the editor starts from (amounts in dollars, percents, months, acres). */
export interface EditableDeal {
  id: string;
  title: string;
  location: string;
  description: string;
  type: string | null;
  sponsor: string | null;
  loanAmount: number;
  ltv: number;
  interestRate: number;
  termMonths: number;
  minimumInvestment: number;
  acreage: number | null;
  coordinatesLat: number | null;
  coordinatesLng: number | null;
  status: 'Active' | 'Closed';
  imageKeys: string[];
  prospectusFileName: string | null;
  /** Whole dollars; equal to the loan amount unless the lender set another. */
  amountToRaise: number;
  /** Whole dollars. */
  investmentStep: number;
  lienPosition: (typeof LIEN_POSITIONS)[number];
  loanPurpose: string | null;
  borrowerExperience: string | null;
  exitStrategy: string | null;
  /** One risk factor per line. */
  riskFactors: string;
  feesTo: FeesTo;
}

/** The loan a deal offers, as the editor shows it beside the investor rate. */
export interface OfferedLoan {
  reference: string;
  /** Percent a year; null when the loan has neither a closing record nor an accepted term sheet. */
  noteRatePercent: number | null;
}

/** The text areas of the loan as investors read it: field, label, hint. */
const STORY_FIELDS = [
  { name: 'loanPurpose', label: 'Loan purpose', hint: 'What the loan pays for.' },
  { name: 'borrowerExperience', label: 'Borrower experience', hint: 'The borrower’s track record with projects like this one.' },
  { name: 'exitStrategy', label: 'Exit strategy', hint: 'How the loan will be repaid: a sale, a refinance …' },
] as const;

export function DealEditor({ deal, offered = null }: { deal: EditableDeal | null; offered?: OfferedLoan | null }) {
  const actionData = useActionData<ActionAnswer>();
  const navigation = useNavigation();
  useActionAnswer({ state: navigation.state, data: actionData });
  const [kept, setKept] = useState<string[]>(deal?.imageKeys ?? []);
  const [removeProspectus, setRemoveProspectus] = useState(false);
  const last = actionData?.result;
  const [form, fields] = useForm({
    id: 'deal-form',
    lastResult: navigation.state === 'idle' ? last : undefined,
    defaultValue: deal
      ? {
          title: deal.title,
          location: deal.location,
          description: deal.description,
          type: deal.type ?? '',
          sponsor: deal.sponsor ?? '',
          loanAmount: String(deal.loanAmount),
          ltv: String(deal.ltv),
          interestRate: String(deal.interestRate),
          termMonths: String(deal.termMonths),
          minimumInvestment: String(deal.minimumInvestment),
          acreage: deal.acreage === null ? '' : String(deal.acreage),
          coordinatesLat: deal.coordinatesLat === null ? '' : String(deal.coordinatesLat),
          coordinatesLng: deal.coordinatesLng === null ? '' : String(deal.coordinatesLng),
          status: deal.status,
          // Empty while it follows the loan amount, so a new loan amount moves it too.
          amountToRaise: deal.amountToRaise === deal.loanAmount ? '' : String(deal.amountToRaise),
          investmentStep: String(deal.investmentStep),
          lienPosition: deal.lienPosition === 'second' ? 'second' : '',
          loanPurpose: deal.loanPurpose ?? '',
          borrowerExperience: deal.borrowerExperience ?? '',
          exitStrategy: deal.exitStrategy ?? '',
          riskFactors: deal.riskFactors,
          feesTo: deal.feesTo,
        }
      : { status: 'Active', investmentStep: String(DEFAULT_INVESTMENT_STEP), feesTo: 'lender' },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData: fd }) => parseForm(fd, { schema: dealFormSchema, dollars: DEAL_DOLLARS }),
  });
  const busy = navigation.state !== 'idle';
  const num = (f: typeof fields.loanAmount, label: string, step = 'any', className?: string) => (
    <Field
      className={className}
      label={label}
      errors={f.errors}
      inputProps={{ ...getInputProps(f, { type: 'number' }), step, inputMode: 'decimal' }}
    />
  );
  const loanAmount = typeof fields.loanAmount.value === 'string' ? fields.loanAmount.value : '';
  const { type: _type, ...lienProps } = getInputProps(fields.lienPosition, { type: 'text' });
  return (
    <>
      <PageHeader
        title={deal ? `Edit ${deal.title}` : 'Add New Deal'}
        subtitle="Fields marked with an asterisk are required."
        actions={
          deal ? (
            <Link to={`/admin-dashboard/deals/${deal.id}/investors`} className={buttonClasses('secondary', 'md')}>
              Investors and amounts
            </Link>
          ) : undefined
        }
      />
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-6">
        {kept.map((k) => (
          <input key={k} type="hidden" name="keepImages" value={k} />
        ))}
        {removeProspectus && <input type="hidden" name="removeProspectus" value="on" />}
        <section className={cardClasses('none', 'grid gap-5 p-6 sm:grid-cols-2')}>
          <Field
            className="sm:col-span-2"
            label="Property name *"
            errors={fields.title.errors}
            inputProps={getInputProps(fields.title, { type: 'text' })}
          />
          <Field
            className="sm:col-span-2"
            label="Address *"
            errors={fields.location.errors}
            inputProps={getInputProps(fields.location, { type: 'text' })}
          />
          <TextareaField
            className="sm:col-span-2"
            label="Description *"
            errors={fields.description.errors}
            textareaProps={{ ...getTextareaProps(fields.description), rows: 5 }}
          />
          <Field
            label="Property type"
            errors={fields.type.errors}
            inputProps={{ ...getInputProps(fields.type, { type: 'text' }), list: 'property-types' }}
          />
          <datalist id="property-types">
            {ADMIN_PROPERTY_TYPES.map((t) => (
              <option key={t} value={t} />
            ))}
          </datalist>
          <Field
            label="Development Partner"
            errors={fields.sponsor.errors}
            inputProps={getInputProps(fields.sponsor, { type: 'text' })}
          />
          <MoneyField label="Loan amount (USD) *" field={fields.loanAmount} />
          <MoneyField label="Investment minimum (USD) *" field={fields.minimumInvestment} />
          {num(fields.ltv, 'LTV (%) *')}
          <div>
            {num(fields.interestRate, 'Investor rate (%) *')}
            {offered && <NoteRate offered={offered} typed={fields.interestRate.value} />}
          </div>
          {num(fields.termMonths, 'Duration (months) *', '1')}
          {num(fields.acreage, 'Acreage')}
          {num(fields.coordinatesLat, 'Latitude')}
          {num(fields.coordinatesLng, 'Longitude')}
          <SelectField
            label="Status"
            placeholder="Active"
            options={[{ value: 'Closed', label: 'Closed' }]}
            errors={fields.status.errors}
            selectProps={
              {
                ...(getInputProps(fields.status, { type: 'text' }) as object),
                defaultValue: deal?.status === 'Closed' ? 'Closed' : '',
              } as never
            }
          />
        </section>
        <section className={cardClasses('none', 'grid gap-5 p-6 sm:grid-cols-2')} aria-labelledby="deal-investing">
          <div className="sm:col-span-2">
            <h2 id="deal-investing" className="text-xl">
              Investing
            </h2>
            <p className="mt-1 text-sm text-muted">
              What investors are asked for, and the loan as they read it on the deal page.
            </p>
          </div>
          <MoneyField
            label="Amount to raise (USD)"
            hint="Leave empty to raise the loan amount."
            field={fields.amountToRaise}
            placeholder={loanAmount ? typedDollars(loanAmount) : 'The loan amount'}
          />
          <MoneyField
            label="Investment step (USD)"
            hint="Amounts go in whole multiples of it; the minimum is one too."
            field={fields.investmentStep}
          />
          <ChoiceSelect label="Late charges and fees go to" field={fields.feesTo} choices={FEES_TO} />
          <SelectField
            label="Lien position"
            placeholder={LIEN_POSITION_CHOICES[0].label}
            options={LIEN_POSITION_CHOICES.slice(1)}
            errors={fields.lienPosition.errors}
            selectProps={lienProps}
          />
          {STORY_FIELDS.map(({ name, label, hint }) => (
            <TextareaField
              key={name}
              className="sm:col-span-2"
              label={label}
              hint={hint}
              errors={fields[name].errors}
              textareaProps={{ ...getTextareaProps(fields[name]), rows: 3, className: 'min-h-24' }}
            />
          ))}
          <TextareaField
            className="sm:col-span-2"
            label="Risk factors"
            hint="One per line; investors read them as a list."
            errors={fields.riskFactors.errors}
            textareaProps={{ ...getTextareaProps(fields.riskFactors), rows: 4 }}
          />
        </section>
        <section className={cardClasses('none', 'grid gap-5 p-6')}>
          <h2 className="text-xl">Images and prospectus</h2>
          {kept.length > 0 && (
            <ul className="flex flex-wrap gap-3" aria-label="Current images">
              {kept.map((k, i) => (
                <li key={k} className="relative">
                  <img
                    src={dealImageUrl(k)}
                    alt={`Current view ${i + 1}${i === 0 ? ' (cover)' : ''}`}
                    width={128}
                    height={80}
                    className="h-20 w-32 rounded-lg object-cover"
                  />
                  <button
                    type="button"
                    onClick={() => setKept((all) => all.filter((x) => x !== k))}
                    className="absolute top-0 right-0 inline-flex min-h-11 items-center rounded-md bg-white/90 px-2 text-xs font-semibold text-danger sm:min-h-8"
                  >
                    Remove<span className="sr-only"> image {i + 1}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <FilePicker
            id="deal-images"
            name="images"
            label={kept.length ? 'Add images' : 'Images'}
            accept="image/png,image/jpeg,image/gif,image/webp,image/avif"
            multiple
            maxBytes={DEAL_IMAGE_MAX_BYTES}
            hint="PNG, JPG or GIF (MAX. 10MB each). The first image is the cover."
          />
          <div>
            {deal?.prospectusFileName && !removeProspectus && (
              <p className="mb-2 flex items-center gap-3 text-sm">
                Current prospectus: {deal.prospectusFileName}
                <button
                  type="button"
                  onClick={() => setRemoveProspectus(true)}
                  className="inline-flex min-h-11 items-center text-sm font-semibold text-danger hover:underline sm:min-h-0"
                >
                  Remove<span className="sr-only"> the current prospectus</span>
                </button>
              </p>
            )}
            <FilePicker
              id="deal-prospectus"
              name="prospectus"
              label="Prospectus (PDF)"
              accept="application/pdf"
              maxBytes={DEAL_PROSPECTUS_MAX_BYTES}
              hint="One PDF, up to 25 MB. It replaces the current one."
            />
          </div>
        </section>
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="flex gap-3">
          <Button type="submit" variant="navy" size="lg" disabled={busy}>
            {busy ? 'Saving…' : deal ? 'Save changes' : 'Create deal'}
          </Button>
          <Link to="/admin-dashboard/deals" className={buttonClasses('secondary', 'lg')}>
            Cancel
          </Link>
        </div>
      </Form>
    </>
  );
}

/** The offered loan's note rate and the servicing spread for the investor rate typed. */
function NoteRate({ offered, typed }: { offered: OfferedLoan; typed: unknown }) {
  const rate = typeof typed === 'string' && typed.trim() !== '' ? Number(typed) : NaN;
  const note = offered.noteRatePercent;
  return (
    <p className="mt-1.5 text-sm text-muted" data-testid="note-rate">
      Loan {offered.reference}: note rate {note === null ? 'not set yet' : percent(note)}
      {note !== null && Number.isFinite(rate) && (
        <>
          {' '}
          · servicing spread{' '}
          {rate > note ? (
            <span className="font-semibold text-danger">none: the investor rate is above the note rate</span>
          ) : (
            percent(spreadPercent(note, rate))
          )}
        </>
      )}
    </p>
  );
}
