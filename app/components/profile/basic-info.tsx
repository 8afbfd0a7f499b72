/**
 * Basic Information (product §2 Profile): name, title, company and phone, in view and edit modes;
 * the e-mail is shown but cannot be changed; 'Member since'.
 */
import { getInputProps } from '@conform-to/react';
import { EditableCard } from './editable-card';
import type { ProfileView } from './parts';
import { Field } from '~/components/forms';
import { formatMonthYear } from '~/lib/format';
import { basicInfoSchema } from '~/lib/schemas/profile';

export function BasicInfo({ profile }: { profile: ProfileView }) {
  return (
    <EditableCard
      title="Basic Information"
      editLabel="Edit basic information"
      intent="basic"
      schema={basicInfoSchema}
      defaultValue={{
        name: profile.name,
        title: profile.title ?? '',
        companyName: profile.companyName ?? '',
        phone: profile.phone ?? '',
      }}
      facts={[
        ['Full name', profile.name],
        ['Email', profile.email],
        ['Title', profile.title],
        ['Company name', profile.companyName],
        ['Phone', profile.phone],
        ['Member since', formatMonthYear(profile.memberSince)],
      ]}
    >
      {(fields) => (
        <>
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
        </>
      )}
    </EditableCard>
  );
}
