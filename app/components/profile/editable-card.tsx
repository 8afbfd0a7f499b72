/**
 * A profile card with view and edit modes (product §2 Profile: basic info, investment profile,
 * borrower preferences): the facts in words; 'Edit' opens the form, validated in the browser with
 * the server's schema and posted with the card's `intent`; Save or Cancel return to the facts,
 * and the card says 'Saved' (or why not) beside its title.
 */
import { getFormProps, useForm, type DefaultValue, type FieldMetadata } from '@conform-to/react';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { EditButton, Facts, FormButtons, SaveResult, useProfileFetcher } from './parts';
import { ErrorList } from '~/components/forms';
import { Card, CardHeader } from '~/components/ui/card';
import { parseForm } from '~/lib/parse-form';

export function EditableCard<Schema extends z.ZodObject>({
  title,
  editLabel,
  intent,
  schema,
  dollars = [],
  defaultValue,
  facts,
  children,
}: {
  title: string;
  /** The Edit button's name for assistive technology, e.g. 'Edit basic information'. */
  editLabel: string;
  /** The action's intent for this card. */
  intent: string;
  schema: Schema;
  /** The fields typed as money (`MoneyField`), as `parseForm` takes them. */
  dollars?: readonly string[];
  /** The form's starting values, as the fields take them (strings, lists). */
  defaultValue: DefaultValue<z.input<Schema>>;
  facts: [string, ReactNode][];
  /** The form's fields, given Conform's field metadata by name. */
  children: (fields: Record<keyof z.input<Schema> & string, FieldMetadata<unknown>>) => ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  const fetcher = useProfileFetcher(() => setEditing(false));
  const [form, fields] = useForm({
    id: `profile-${intent}`,
    lastResult: fetcher.state === 'idle' && fetcher.data?.intent === intent ? fetcher.data.result : undefined,
    defaultValue,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema, dollars }),
  });
  return (
    <Card pad="lg">
      <CardHeader
        title={title}
        action={
          !editing && (
            <div className="flex items-center gap-3">
              <SaveResult fetcher={fetcher} />
              <EditButton label={editLabel} onClick={() => setEditing(true)} />
            </div>
          )
        }
      />
      {editing ? (
        <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-5 sm:grid-cols-2">
          <input type="hidden" name="intent" value={intent} />
          {children(fields as unknown as Record<keyof z.input<Schema> & string, FieldMetadata<unknown>>)}
          <ErrorList id={form.errorId} errors={form.errors} />
          <FormButtons busy={fetcher.state !== 'idle'} onCancel={() => setEditing(false)} />
        </fetcher.Form>
      ) : (
        <Facts items={facts} />
      )}
    </Card>
  );
}
