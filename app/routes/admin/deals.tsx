/**
 * /admin-dashboard/deals, Manage Deals (spec §2 Admin area, §4 delete and undo, §5 deal form,
 * §8 Deals, §9 filters): the list with search, Status / Property Type / Duration filters and 15
 * a page, all in the URL and computed by the database; the add/edit form replaces the list
 * (`?new=1`, `?edit={id}`); delete asks the spec's confirmation, removes the row at once (back
 * if the delete fails) and offers 'Undo'. Admins only, in the loader and in every action.
 */
import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Building2, Pencil, Plus, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { data, Form, Link, useActionData, useFetcher, useNavigation, useSearchParams } from 'react-router';
import type { Route } from './+types/deals';
import { ErrorList, Field, SelectField, TextareaField } from '~/components/forms';
import { EmptyState, PageHeader } from '~/components/layout/dashboard-shell';
import { Button, buttonClasses } from '~/components/ui/button';
import { ConfirmDelete } from '~/components/ui/confirm-delete';
import { Pager } from '~/components/ui/pager';
import { cn } from '~/lib/cn';
import { dealImageUrl, percent, usd } from '~/lib/deals';
import {
  ADMIN_DEALS_PAGE_SIZE,
  ADMIN_PROPERTY_TYPES,
  DEAL_FILE_MAX_BYTES,
  DEAL_STATUSES,
  DURATIONS,
  dealFormSchema,
} from '~/lib/schemas/deal';
import { showToast } from '~/lib/toast';
import { useFetcherAnswer } from '~/lib/use-fetcher-answer';
import {
  adminListDeals,
  DealFileRefused,
  dealForEdit,
  deleteDeal,
  restoreDeal,
  saveDeal,
} from '~/server/domain/admin-deals.server';
import { requireAdmin } from '~/server/guards.server';
import { logger } from '~/server/logger.server';
import { redirectWithToast } from '~/server/toast.server';
import { readSmallUpload } from '~/server/uploads.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const url = new URL(request.url);
  const editId = url.searchParams.get('edit');
  if (url.searchParams.get('new') === '1') return { mode: 'form' as const, deal: null };
  if (editId) {
    const row = await dealForEdit(editId);
    if (!row) throw data('Deal Not Found', { status: 404 });
    return {
      mode: 'form' as const,
      deal: { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString(), deletedAt: null },
    };
  }
  const q = (url.searchParams.get('q') ?? '').slice(0, 200);
  const statuses = url.searchParams.getAll('status').filter((s) => (DEAL_STATUSES as readonly string[]).includes(s));
  const types = url.searchParams.getAll('propertyType').filter((s) => (ADMIN_PROPERTY_TYPES as readonly string[]).includes(s));
  const durations = url.searchParams.getAll('duration').filter((s) => DURATIONS.some((d) => d.value === s));
  const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
  const list = await adminListDeals({ q, statuses, types, durations, page });
  return {
    mode: 'list' as const,
    ...list,
    q,
    statuses,
    types,
    durations,
    deals: list.deals.map((d) => ({ ...d, createdAt: d.createdAt.toISOString() })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin({ request, context });
  const upload = await readSmallUpload(request, DEAL_FILE_MAX_BYTES, 21);
  if (!upload.ok)
    return data(
      {
        intent: 'save' as const,
        ok: false,
        result: {
          status: 'error' as const,
          error: {
            '': [
              upload.reason === 'too-large' ? 'Each file must be under 25 MB.' : 'The form could not be read. Please try again.',
            ],
          },
        },
      },
      { status: upload.reason === 'too-large' ? 413 : 400 },
    );
  const form = upload.formData;
  const intent = form.get('intent');
  const id = String(form.get('id') ?? '');
  if (intent === 'delete' || intent === 'restore') {
    try {
      const ok = intent === 'delete' ? await deleteDeal(admin, id) : await restoreDeal(admin, id);
      return data({ intent, ok, id }, { status: ok ? 200 : 404 });
    } catch (error) {
      logger.error({ err: error, intent }, 'deal delete/restore failed');
      return data({ intent, ok: false, id }, { status: 500 });
    }
  }
  const submission = parseWithZod(form, { schema: dealFormSchema });
  if (submission.status !== 'success')
    return data({ intent: 'save' as const, ok: false, result: submission.reply() }, { status: 400 });
  const files = (name: string) => form.getAll(name).filter((v): v is File => v instanceof File && v.size > 0);
  const editing = Boolean(id);
  try {
    const images = await Promise.all(
      files('images').map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })),
    );
    const [pdf] = files('prospectus');
    const prospectus = pdf ? { name: pdf.name, bytes: new Uint8Array(await pdf.arrayBuffer()) } : null;
    await saveDeal(admin, editing ? id : null, submission.value, { images, prospectus });
  } catch (error) {
    const message =
      error instanceof DealFileRefused
        ? error.message
        : editing
          ? 'Failed to update deal. Please try again.'
          : 'Failed to create deal. Please try again.';
    if (!(error instanceof DealFileRefused)) logger.error({ err: error }, 'deal save failed');
    return data(
      { intent: 'save' as const, ok: false, result: submission.reply({ formErrors: [message] }) },
      { status: error instanceof DealFileRefused ? 400 : 500 },
    );
  }
  return redirectWithToast('/admin-dashboard/deals', {
    type: 'success',
    title: editing ? 'Deal updated successfully' : 'Deal created successfully',
  });
}

type ListData = Extract<Route.ComponentProps['loaderData'], { mode: 'list' }>;
type FormData_ = Extract<Route.ComponentProps['loaderData'], { mode: 'form' }>;

export default function ManageDeals({ loaderData }: Route.ComponentProps) {
  return loaderData.mode === 'form' ? <DealForm data={loaderData} /> : <DealList data={loaderData} />;
}

type Row = ListData['deals'][number];

function DealRow({ d, onDelete }: { d: Row; onDelete: (row: Row) => void }) {
  return (
    <tr className="border-t border-line">
      <td className="py-3 pr-4">
        <div className="flex items-center gap-3">
          {d.imageKeys[0] ? (
            <img
              src={dealImageUrl(d.imageKeys[0])}
              alt=""
              width={56}
              height={40}
              className="h-10 w-14 shrink-0 rounded object-cover"
            />
          ) : (
            <span aria-hidden className="flex h-10 w-14 shrink-0 items-center justify-center rounded bg-navy-50">
              <Building2 className="size-4 text-navy-300" />
            </span>
          )}
          <span>
            <span className="block font-medium text-navy-900">{d.title}</span>
            <span className="block text-xs text-muted">{d.location}</span>
          </span>
        </div>
      </td>
      <td className="py-3 pr-4 text-sm text-muted">{d.type ?? '—'}</td>
      <td className="py-3 pr-4 text-sm whitespace-nowrap">{usd(d.loanAmount)}</td>
      <td className="py-3 pr-4 text-sm">{percent(d.ltv)}</td>
      <td className="py-3 pr-4 text-sm">{percent(d.interestRate)}</td>
      <td className="py-3 pr-4 text-sm whitespace-nowrap">{d.termMonths} months</td>
      <td className="py-3 pr-4 text-sm">
        <span
          className={cn(
            'rounded-full px-2 py-0.5 text-xs font-semibold',
            d.status === 'Active' ? 'bg-emerald-50 text-success' : 'bg-navy-50 text-navy-700',
          )}
        >
          {d.status}
        </span>
      </td>
      <td className="py-3 text-right whitespace-nowrap">
        <Link
          to={`?edit=${d.id}`}
          className="inline-flex size-9 items-center justify-center rounded-md text-muted hover:bg-navy-50 hover:text-navy-900"
        >
          <Pencil aria-hidden className="size-4" />
          <span className="sr-only">Edit {d.title}</span>
        </Link>
        <ConfirmDelete
          name={d.title}
          title={`Delete ${d.title}?`}
          description="Are you sure you want to delete this deal? This action cannot be undone."
          onConfirm={() => onDelete(d)}
        />
      </td>
    </tr>
  );
}

function FilterGroup({
  legend,
  name,
  options,
  selected,
}: {
  legend: string;
  name: string;
  options: readonly { value: string; label: string }[];
  selected: string[];
}) {
  return (
    <fieldset>
      <legend className="mb-1.5 text-xs font-semibold tracking-wide text-muted uppercase">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1.5">
        {options.map((o) => (
          <label key={o.value} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={name}
              value={o.value}
              defaultChecked={selected.includes(o.value)}
              className="size-4 accent-navy-900"
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function DealList({ data: list }: { data: ListData }) {
  const [deleted, setDeleted] = useState<Row | null>(null);
  // One delete at a time, owned here: the row leaves the list at once and comes back if the
  // delete fails; after success the revalidated list no longer has it and 'Undo' is offered.
  const remover = useFetcher<{ ok: boolean; id: string }>();
  const [pending, setPending] = useState<Row | null>(null);
  useFetcherAnswer(remover, (answer) => {
    if (answer.ok) setDeleted(pending);
    else showToast({ type: 'error', title: 'Error', description: 'Failed to delete deal. Please try again.' });
    setPending(null);
  });
  const hiddenId = remover.state !== 'idle' ? String(remover.formData?.get('id') ?? '') : null;
  const remove = (row: Row) => {
    setPending(row);
    void remover.submit({ intent: 'delete', id: row.id }, { method: 'post', encType: 'multipart/form-data' });
  };
  const undo = useFetcher<{ ok: boolean }>();
  useFetcherAnswer(undo, (answer) => {
    showToast(
      answer.ok
        ? { type: 'success', title: 'Deal restored' }
        : { type: 'error', title: 'Error', description: 'Failed to restore deal. Please try again.' },
    );
    if (answer.ok) setDeleted(null);
  });
  const filtered = list.statuses.length + list.types.length + list.durations.length > 0;
  const empty =
    list.all === 0
      ? 'No deals created yet.'
      : filtered
        ? 'No deals found matching your search and filters.'
        : 'No deals found matching your search.';
  return (
    <>
      <PageHeader
        title="Manage Deals"
        subtitle={`${list.all} ${list.all === 1 ? 'deal' : 'deals'} in total`}
        actions={
          <Link to="?new=1" className={buttonClasses('primary')}>
            <Plus aria-hidden className="size-4" /> Add New Deal
          </Link>
        }
      />
      {deleted && (
        <div
          role="status"
          className="mb-4 flex items-center justify-between gap-4 rounded-xl border border-line bg-surface px-4 py-3 shadow-[var(--shadow-card)]"
        >
          <p className="text-sm">
            <span className="font-semibold text-navy-900">Deal deleted</span> The deal has been deleted successfully.
          </p>
          <Button
            variant="secondary"
            size="sm"
            disabled={undo.state !== 'idle'}
            onClick={() =>
              void undo.submit({ intent: 'restore', id: deleted.id }, { method: 'post', encType: 'multipart/form-data' })
            }
          >
            <Undo2 aria-hidden className="size-4" /> Undo
          </Button>
        </div>
      )}
      <section className="rounded-[var(--radius-card)] border border-line bg-surface p-6 shadow-[var(--shadow-card)]">
        <Form method="get" className="grid gap-4">
          <div className="flex w-full max-w-xl gap-2" role="search">
            <label htmlFor="deal-search" className="sr-only">
              Search deals
            </label>
            <input
              id="deal-search"
              type="search"
              name="q"
              defaultValue={list.q}
              placeholder="Search by title, location, partner or type..."
              className="block w-full rounded-lg border border-line bg-surface px-3.5 py-2 shadow-xs focus:border-navy-500 focus:ring-2 focus:ring-navy-200 focus:outline-none"
            />
            <button type="submit" className="rounded-lg bg-navy-900 px-4 text-sm font-semibold text-white hover:bg-navy-800">
              Search
            </button>
          </div>
          <div className="grid gap-4 lg:grid-cols-3">
            <FilterGroup
              legend="Status"
              name="status"
              options={DEAL_STATUSES.map((s) => ({ value: s, label: s }))}
              selected={list.statuses}
            />
            <FilterGroup
              legend="Property Type"
              name="propertyType"
              options={ADMIN_PROPERTY_TYPES.map((s) => ({ value: s, label: s }))}
              selected={list.types}
            />
            <FilterGroup legend="Duration" name="duration" options={DURATIONS} selected={list.durations} />
          </div>
          <div className="flex gap-3">
            <button type="submit" className={buttonClasses('secondary', 'sm')}>
              Apply filters
            </button>
            {(filtered || list.q) && (
              <Link to="?" className="self-center text-sm font-medium text-navy-700 hover:underline">
                Clear
              </Link>
            )}
          </div>
        </Form>
        {list.deals.length === 0 ? (
          <div className="mt-6">
            <EmptyState icon={Building2} title={empty} />
          </div>
        ) : (
          <div className="relative mt-6 overflow-x-auto">
            <table className="w-full min-w-[860px] text-left">
              <thead>
                <tr className="text-xs tracking-wide text-muted uppercase">
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Deal
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Type
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Target raise
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    LTV
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    ROI
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Duration
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Status
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.deals
                  .filter((d) => d.id !== hiddenId)
                  .map((d) => (
                    <DealRow key={d.id} d={d} onDelete={remove} />
                  ))}
              </tbody>
            </table>
          </div>
        )}
        <div className="mt-6">
          <Pager page={list.page} pageCount={list.pageCount} total={list.total} pageSize={ADMIN_DEALS_PAGE_SIZE} noun="deals" />
        </div>
      </section>
    </>
  );
}

function DealForm({ data: formData }: { data: FormData_ }) {
  const deal = formData.deal;
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [, setParams] = useSearchParams();
  const [kept, setKept] = useState<string[]>(deal?.imageKeys ?? []);
  const [removeProspectus, setRemoveProspectus] = useState(false);
  const last = actionData && 'result' in actionData ? actionData.result : undefined;
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
        }
      : { status: 'Active' },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData: fd }) => parseWithZod(fd, { schema: dealFormSchema }),
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
  return (
    <>
      <PageHeader title={deal ? `Edit ${deal.title}` : 'Add New Deal'} subtitle="Fields marked with an asterisk are required." />
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-6">
        {deal && <input type="hidden" name="id" value={deal.id} />}
        <input type="hidden" name="intent" value="save" />
        {kept.map((k) => (
          <input key={k} type="hidden" name="keepImages" value={k} />
        ))}
        {removeProspectus && <input type="hidden" name="removeProspectus" value="on" />}
        <section className="grid gap-5 rounded-[var(--radius-card)] border border-line bg-surface p-6 shadow-[var(--shadow-card)] sm:grid-cols-2">
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
          {num(fields.loanAmount, 'Target raise (USD) *', '1')}
          {num(fields.minimumInvestment, 'Investment minimum (USD) *', '1')}
          {num(fields.ltv, 'LTV (%) *')}
          {num(fields.interestRate, 'ROI (%) *')}
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
        <section className="grid gap-5 rounded-[var(--radius-card)] border border-line bg-surface p-6 shadow-[var(--shadow-card)]">
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
                    className="absolute top-1 right-1 rounded-md bg-white/90 px-2 py-0.5 text-xs font-semibold text-danger"
                  >
                    Remove<span className="sr-only"> image {i + 1}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div>
            <label htmlFor="deal-images" className="mb-1.5 block text-sm font-medium text-navy-900">
              {kept.length ? 'Add images' : 'Images'}
            </label>
            <input
              id="deal-images"
              type="file"
              name="images"
              multiple
              accept="image/*"
              aria-describedby="deal-images-hint"
              className="block text-sm"
            />
            <p id="deal-images-hint" className="mt-1 text-sm text-muted">
              PNG, JPG or GIF (MAX. 10MB each). The first image is the cover.
            </p>
          </div>
          <div>
            <label htmlFor="deal-prospectus" className="mb-1.5 block text-sm font-medium text-navy-900">
              Prospectus (PDF)
            </label>
            {deal?.prospectusFileName && !removeProspectus && (
              <p className="mb-2 flex items-center gap-3 text-sm">
                Current: {deal.prospectusFileName}
                <button
                  type="button"
                  onClick={() => setRemoveProspectus(true)}
                  className="text-xs font-semibold text-danger hover:underline"
                >
                  Remove
                </button>
              </p>
            )}
            <input id="deal-prospectus" type="file" name="prospectus" accept="application/pdf" className="block text-sm" />
          </div>
        </section>
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="flex gap-3">
          <Button type="submit" variant="navy" size="lg" disabled={busy}>
            {busy ? 'Saving…' : deal ? 'Save changes' : 'Create deal'}
          </Button>
          <Button variant="secondary" size="lg" onClick={() => setParams({})}>
            Cancel
          </Button>
        </div>
      </Form>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: 'Manage Deals | Ormsby Lending Admin' }];
