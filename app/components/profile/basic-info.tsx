/**
 * Basic Information (product §2 Profile): name, title, company and phone, in view and edit modes;
 * the e-mail is shown but cannot be changed; 'Member since'.
 */
import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { useState } from 'react';
import { EditButton, Facts, FormButtons, SaveResult, useProfileFetcher, type ProfileView } from './parts';
import { ErrorList, Field } from '~/components/forms';
import { Card, CardHeader } from '~/components/ui/card';
import { formatMonthYear } from '~/lib/format';
import { parseForm } from '~/lib/parse-form';
import { basicInfoSchema } from '~/lib/schemas/profile';

export function BasicInfo({ profile }: { profile: ProfileView }) {
  const [editing, setEditing] = useState(false);
  const fetcher = useProfileFetcher(() => setEditing(false));
  const [form, fields] = useForm({
    id: 'basic-info',
    lastResult: fetcher.state === 'idle' && fetcher.data?.intent === 'basic' ? fetcher.data.result : undefined,
    defaultValue: {
      name: profile.name,
      title: profile.title ?? '',
      companyName: profile.companyName ?? '',
      phone: profile.phone ?? '',
    },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema: basicInfoSchema }),
  });
  return (
    <Card pad="lg">
      <CardHeader
        title="Basic Information"
        action={
          !editing && (
            <div className="flex items-center gap-3">
              <SaveResult fetcher={fetcher} />
              <EditButton label="Edit basic information" onClick={() => setEditing(true)} />
            </div>
          )
        }
      />
      {editing ? (
        <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-5 sm:grid-cols-2">
          <input type="hidden" name="intent" value="basic" />
          <Field
            label="Full name"
            errors={fields.name.errors}
            inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'name' }}
          />
          <Field
            label="Email"
            hint="Email address cannot be changed"
            inputProps={{ id: 'profile-email', type: 'email', value: profile.email, disabled: true, readOnly: true }}
          />
          <Field
            label="Title"
            errors={fields.title.errors}
            inputProps={{ ...getInputProps(fields.title, { type: 'text' }), autoComplete: 'organization-title' }}
          />
          <Field
            label="Company name"
            errors={fields.companyName.errors}
            inputProps={{ ...getInputProps(fields.companyName, { type: 'text' }), autoComplete: 'organization' }}
          />
          <Field
            label={
              <>
                Phone <span className="font-normal text-muted">(optional)</span>
              </>
            }
            errors={fields.phone.errors}
            inputProps={{ ...getInputProps(fields.phone, { type: 'tel' }), autoComplete: 'tel' }}
          />
          <ErrorList id={form.errorId} errors={form.errors} />
          <FormButtons busy={fetcher.state !== 'idle'} onCancel={() => setEditing(false)} />
        </fetcher.Form>
      ) : (
        <Facts
          items={[
            ['Full name', profile.name],
            ['Email', profile.email],
            ['Title', profile.title],
            ['Company name', profile.companyName],
            ['Phone', profile.phone],
            ['Member since', formatMonthYear(profile.memberSince)],
          ]}
        />
      )}
    </Card>
  );
}
