/**
 * /dashboard/loans/{reference}/draws/new, a draw request (issue 24 "Draw requests"): the
 * borrower's own funded loan with a holdback only (anyone else's is a 404; a loan that cannot be
 * drawn on sends them back to its page). The budget by line (budget, drawn, in open draws,
 * remaining) and the loan's draws so far with each step's date, an amount per line, photos and invoices (images or PDF) and a lien waiver through
 * the streaming upload, the inspection's access notes, the attestation, and the draw fee shown
 * before submitting. A plain multipart form: it works without JavaScript and Enter submits it.
 * The server re-checks everything (`drawRequestSchema`, then `submitDraw` under the loan's lock);
 * files of a refused request are removed. Success goes back to the loan page with a toast.
 */
import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { useState } from 'react';
import { Form, redirect, useActionData, useNavigation } from 'react-router';
import type { Route } from './+types/loan-draw-new';
import { Choice, ErrorList, Field, TextareaField } from '~/components/forms';
import { BackLink } from '~/components/loans/loan-header';
import { PageHeader } from '~/components/layout/dashboard-shell';
import { BudgetTable } from '~/components/servicing/budget-table';
import { DrawList } from '~/components/servicing/draw-list';
import { Button } from '~/components/ui/button';
import { Card, CardHeader } from '~/components/ui/card';
import { FilePicker } from '~/components/ui/file-picker';
import { FRAMING_BYTES, type BodyLimit } from '~/lib/body-limit';
import { usdCents } from '~/lib/format';
import { readCents } from '~/lib/money';
import { parseForm } from '~/lib/parse-form';
import { keepActionHeaders } from '~/lib/route-headers';
import {
  ACCESS_NOTES_MAX,
  DRAW_FILE_ACCEPT,
  DRAW_FILE_ADVICE,
  DRAW_FILE_EXTENSIONS,
  DRAW_FILE_FIELDS,
  DRAW_FILES_MAX,
  DRAW_MESSAGES,
  drawRequestSchema,
  type BudgetView,
} from '~/lib/servicing/draws';
import { useActionAnswer, type ActionAnswer } from '~/lib/use-action-answer';
import { useHydrated } from '~/lib/use-hydrated';
import { requestInfo } from '~/load-context';
import { answerForm, found, refuseFields } from '~/server/answers.server';
import { discardStaged, documentMaxBytes, stageDocument } from '~/server/domain/loans/documents.server';
import { borrowerLoan, propertyLine } from '~/server/domain/loans/loan.server';
import { submitDraw, type StagedDrawFile } from '~/server/domain/servicing/draws.server';
import { drawsOfLoan, drawTerms, holdbackBudget } from '~/server/domain/servicing/draw-views.server';
import { NotFound, Refused } from '~/server/errors.server';
import { readUpload } from '~/server/forms.server';
import { requireRole } from '~/server/guards.server';
import { limitUserAction } from '~/server/rate-limit.server';
import { toastHeaders } from '~/server/toast.server';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireRole({ request, context }, 'borrower');
  const l = found(await borrowerLoan(viewer.id, params.reference), 'Loan');
  const terms = l.reference ? await drawTerms(l) : null;
  if (!terms?.drawable) throw redirect(`/dashboard/loans/${l.reference ?? l.id}`);
  return {
    reference: l.reference!,
    property: propertyLine(l),
    budget: await holdbackBudget(l.id),
    draws: await drawsOfLoan(l.id),
    feeCents: terms.feeCents,
    maxBytes: documentMaxBytes(),
  };
}

/** The amounts each line may take, by line id. */
const availableOf = (budget: BudgetView) => Object.fromEntries(budget.lines.map((l) => [l.id, l.availableCents]));

/** Up to DRAW_FILES_MAX photos and invoices and one lien waiver, at the configured limit each, with the framing. */
export const bodyLimit: BodyLimit = ({ documentBytes }) => (DRAW_FILES_MAX + 1) * (documentBytes + FRAMING_BYTES);

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireRole({ request, context }, 'borrower');
  const page = `/dashboard/loans/${params.reference}/draws/new`;
  return answerForm(requestInfo(context), page, async () => {
    // Found before a byte of the body is stored: someone else's loan stores nothing.
    const l = await borrowerLoan(viewer.id, params.reference);
    if (!l || !l.reference) throw new NotFound('Loan not found.', 'Loan not found');
    await limitUserAction('upload', viewer.id);
    const upload = await readUpload<StagedDrawFile | null>(request, {
      // Room for the empty part a browser sends for each input left empty (three inputs).
      maxFiles: DRAW_FILES_MAX + 3,
      async accept(file) {
        const kind = DRAW_FILE_FIELDS[file.field as keyof typeof DRAW_FILE_FIELDS];
        if (!kind) throw new Refused('invalid', 'This form takes photos, invoices and a lien waiver only.', 'Draw not submitted');
        // An empty file input (nothing chosen) sends a part without a name: nothing to store.
        if (!file.fileName) {
          for await (const _ of file.stream);
          return null;
        }
        const staged = await stageDocument(viewer, {
          fileName: file.fileName,
          body: file.stream,
          types: { extensions: DRAW_FILE_EXTENSIONS, advice: DRAW_FILE_ADVICE },
        });
        return { kind, staged };
      },
      discard: (accepted) => discardStaged(accepted.flatMap((a) => (a ? [a.staged] : []))),
    });
    const files = upload.files.filter((f): f is StagedDrawFile => f !== null);
    const submission = parseForm(upload.form, { schema: drawRequestSchema(availableOf(await holdbackBudget(l.id))) });
    const fileErrors = {
      ...(files.some((f) => f.kind === 'photo') ? {} : { photos: [DRAW_MESSAGES.photos] }),
      ...(files.filter((f) => f.kind === 'lien-waiver').length > 1 ? { lienWaiver: ['Attach one lien waiver.'] } : {}),
      ...(files.filter((f) => f.kind !== 'lien-waiver').length > DRAW_FILES_MAX
        ? { photos: [`Attach at most ${DRAW_FILES_MAX} photos and invoices in all.`] }
        : {}),
    };
    if (submission.status !== 'success' || Object.keys(fileErrors).length) {
      await discardStaged(files.map((f) => f.staged));
      return refuseFields('invalid', { ok: false, result: submission.reply({ fieldErrors: fileErrors }) });
    }
    const draw = await submitDraw(viewer, l, submission.value, files);
    throw redirect(`/dashboard/loans/${l.reference}`, {
      headers: await toastHeaders({ type: 'success', title: `Draw ${draw.number} submitted` }),
    });
  });
}

export default function NewDraw({ loaderData }: Route.ComponentProps) {
  const { reference, property, budget, draws, feeCents, maxBytes } = loaderData;
  const actionData = useActionData<ActionAnswer>();
  const navigation = useNavigation();
  useActionAnswer({ state: navigation.state, data: actionData });
  const schema = drawRequestSchema(availableOf(budget));
  const [form, fields] = useForm({
    id: 'draw-request',
    lastResult: navigation.state === 'idle' ? actionData?.result : undefined,
    defaultValue: { lines: budget.lines.map((l) => ({ lineId: l.id, amountCents: '' })) },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema }),
  });
  const [typed, setTyped] = useState<Record<string, number>>({});
  const total = Object.values(typed).reduce((s, v) => s + v, 0);
  const busy = navigation.state !== 'idle';
  const hydrated = useHydrated();
  const attestError = fields.attest.errors?.length ? `${fields.attest.id}-error` : undefined;
  const linesError = fields.lines.errors?.length ? `${fields.lines.id}-error` : undefined;
  const errorsOf = (name: string) => form.allErrors[name];
  return (
    <>
      <BackLink to={`/dashboard/loans/${reference}`} label={`Loan ${reference}`} />
      <PageHeader title="Request a draw" subtitle={`Loan ${reference} · ${property}`} />
      <div className="grid max-w-4xl gap-6">
        <Card aria-labelledby="budget">
          <CardHeader id="budget" title="Your holdback budget" />
          <BudgetTable budget={budget} />
        </Card>
        {draws.length > 0 && (
          <Card aria-labelledby="draws">
            <CardHeader id="draws" title="Your draws" />
            <DrawList draws={draws} />
          </Card>
        )}
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-6">
          <Card aria-labelledby="amounts">
            <CardHeader id="amounts" title="Amounts to draw" />
            <p className="mb-4 text-sm text-muted">
              Enter what you need from each line of the budget, in dollars and cents. Leave a line empty to draw nothing from it.
            </p>
            <div className="grid gap-4 sm:grid-cols-2">
              {fields.lines.getFieldList().map((line, i) => {
                const b = budget.lines[i]!;
                const f = line.getFieldset();
                return (
                  <div key={line.key}>
                    <input {...getInputProps(f.lineId, { type: 'hidden' })} />
                    <Field
                      label={b.description}
                      hint={`Up to ${usdCents(b.availableCents)} available`}
                      errors={f.amountCents.errors}
                      inputProps={{
                        ...getInputProps(f.amountCents, { type: 'text' }),
                        inputMode: 'decimal',
                        autoComplete: 'off',
                        placeholder: '0.00',
                        disabled: b.availableCents === 0,
                        onInput: (e) => {
                          const cents = readCents(e.currentTarget.value) ?? 0;
                          setTyped((t) => ({ ...t, [b.id]: cents }));
                        },
                      }}
                    />
                  </div>
                );
              })}
            </div>
            <ErrorList id={linesError} errors={fields.lines.errors} />
          </Card>
          <Card aria-labelledby="evidence">
            <CardHeader id="evidence" title="Photos, invoices and lien waiver" />
            <div className="grid gap-5">
              <div>
                <FilePicker
                  id="draw-photos"
                  name="photos"
                  label="Photos of the work"
                  accept={DRAW_FILE_ACCEPT}
                  multiple
                  maxBytes={maxBytes}
                  hint="JPEG, PNG or PDF. At least one."
                />
                <ErrorList id="draw-photos-error" errors={errorsOf('photos')} />
              </div>
              <FilePicker
                id="draw-invoices"
                name="invoices"
                label="Invoices (optional)"
                accept={DRAW_FILE_ACCEPT}
                multiple
                maxBytes={maxBytes}
                hint="JPEG, PNG or PDF."
              />
              <div>
                <FilePicker
                  id="draw-lien-waiver"
                  name="lienWaiver"
                  label="Lien waiver (optional)"
                  accept={DRAW_FILE_ACCEPT}
                  maxBytes={maxBytes}
                  hint="One PDF or image."
                />
                <ErrorList id="draw-lien-waiver-error" errors={errorsOf('lienWaiver')} />
              </div>
            </div>
          </Card>
          <Card aria-labelledby="submit-draw">
            <CardHeader id="submit-draw" title="Inspection and attestation" />
            <div className="grid gap-5">
              <TextareaField
                label="Access for the inspection (optional)"
                hint="Lockbox code, gate, who to call on site."
                errors={fields.accessNotes.errors}
                textareaProps={{
                  ...getInputProps(fields.accessNotes, { type: 'text' }),
                  maxLength: ACCESS_NOTES_MAX,
                  rows: 3,
                  className: 'min-h-24',
                }}
              />
              <div>
                <Choice
                  label="I attest that the work these funds pay for is done as shown, and that the funds will pay for it."
                  inputProps={{
                    ...getInputProps(fields.attest, { type: 'checkbox' }),
                    'aria-invalid': attestError ? true : undefined,
                    'aria-describedby': attestError,
                  }}
                />
                <ErrorList id={attestError} errors={fields.attest.errors} />
              </div>
              <dl
                className="grid gap-2 rounded-lg border border-line bg-ivory px-4 py-3 text-sm sm:grid-cols-2"
                aria-live="polite"
              >
                <div>
                  <dt className="text-muted">Draw fee</dt>
                  <dd className="font-semibold text-navy-900" data-testid="draw-fee">
                    {usdCents(feeCents)}
                    <span className="block font-normal text-muted">
                      {feeCents > 0 ? 'Charged to your loan when the draw is funded.' : 'No fee for draws on this loan.'}
                    </span>
                  </dd>
                </div>
                {hydrated && (
                  <div>
                    <dt className="text-muted">You are asking for</dt>
                    <dd className="font-semibold text-navy-900">{usdCents(total)}</dd>
                  </div>
                )}
              </dl>
              <ErrorList id={form.errorId} errors={form.errors} />
              <div>
                <Button type="submit" variant="navy" disabled={busy}>
                  {busy ? 'Submitting…' : 'Submit draw request'}
                </Button>
              </div>
            </div>
          </Card>
        </Form>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ params }) => [{ title: `Request a draw · Loan ${params.reference} | Ormsby Lending` }];

// A rate-limited answer keeps its Retry-After.
export const headers = keepActionHeaders;
