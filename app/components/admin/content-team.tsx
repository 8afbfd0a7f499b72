/**
 * The team editor of 'Site content' (issue "First impression"): the people of the About page in
 * order, each with name, title, a short bio, a licence when they hold one ('NMLS #123456'), a
 * direct phone and e-mail (issue 23) and a
 * photo (uploaded through the upload route, which puts it in the draft; 'Remove photo' shows the
 * initials again), moved, removed after a confirmation, and 'Add a person'. Each person is their
 * own form, checked in the browser with the server's schema; every save is an unpublished change.
 */
import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react';
import { useFetcher } from 'react-router';
import { ErrorList, Field, TextareaField } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { teamMemberFormSchema, type TeamMember } from '~/lib/site-content';
import { useActionAnswer } from '~/lib/use-action-answer';
import {
  AddItem,
  contentKey,
  HiddenFields,
  ItemCard,
  ItemControls,
  ItemList,
  NEW_ITEM_ID,
  SaveButton,
  useSectionForm,
  type SectionAnswer,
} from './content-list';
import { SiteImageUpload } from './content-upload';

type MemberText = Omit<TeamMember, 'photoId'>;

/** The form of one person's words: `intent` 'save' for a listed person, 'add' for a new one. */
function MemberForm({ member, intent, formId }: { member: MemberText; intent: 'save' | 'add'; formId: string }) {
  const { fetcher, busy, options } = useSectionForm(formId, teamMemberFormSchema);
  const [form, fields] = useForm({
    ...options,
    defaultValue: {
      name: member.name,
      title: member.title,
      bio: member.bio,
      licence: member.licence ?? '',
      phone: member.phone ?? '',
      email: member.email ?? '',
    },
  });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
      <HiddenFields fields={{ intent, id: member.id, formId }} />
      <Field label="Name" errors={fields.name.errors} inputProps={getInputProps(fields.name, { type: 'text' })} />
      <Field label="Title" errors={fields.title.errors} inputProps={getInputProps(fields.title, { type: 'text' })} />
      <TextareaField
        className="sm:col-span-2"
        label="Short bio"
        errors={fields.bio.errors}
        textareaProps={{ ...getTextareaProps(fields.bio), rows: 4, className: 'min-h-28' }}
      />
      <Field
        label="Licence (optional)"
        hint="As visitors should read it, e.g. 'NMLS #123456' or 'CA DRE #01234567'."
        errors={fields.licence.errors}
        inputProps={getInputProps(fields.licence, { type: 'text' })}
      />
      <Field
        label="Direct phone (optional)"
        hint="Shown on the About page as a link to call, e.g. (775) 555-0142."
        errors={fields.phone.errors}
        inputProps={{ ...getInputProps(fields.phone, { type: 'tel' }), autoComplete: 'off' }}
      />
      <Field
        label="E-mail (optional)"
        errors={fields.email.errors}
        inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'off' }}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="sm:col-span-2">
        <SaveButton busy={busy}>{intent === 'add' ? 'Add person' : 'Save'}</SaveButton>
      </div>
    </fetcher.Form>
  );
}

/** The initials shown when a person has no photo. */
const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

/** A person's photo (or initials), 'Upload a photo' / 'Replace photo', and 'Remove photo'. */
function Photo({ member }: { member: TeamMember }) {
  const remover = useFetcher<SectionAnswer>();
  useActionAnswer(remover);
  return (
    <div className="flex items-start gap-4">
      {member.photoId ? (
        <img
          src={`/site-images/${member.photoId}-256.webp`}
          alt={member.name}
          width={96}
          height={96}
          className="size-24 shrink-0 rounded-full object-cover"
        />
      ) : (
        <span
          aria-hidden
          className="flex size-24 shrink-0 items-center justify-center rounded-full bg-navy-100 font-serif text-2xl text-navy-700"
        >
          {initials(member.name)}
        </span>
      )}
      <div className="grid gap-1">
        {!member.photoId && <p className="text-sm text-muted">No photo: the page shows the initials.</p>}
        <SiteImageUpload
          // A new photo closes and empties the upload.
          key={member.photoId ?? 'none'}
          id={`photo-${member.id}`}
          label={member.photoId ? 'Replace photo' : 'Upload a photo'}
          name={member.name}
          target={{ kind: 'portrait', memberId: member.id }}
        />
        {member.photoId && (
          <remover.Form method="post">
            <HiddenFields fields={{ intent: 'remove-photo', id: member.id }} />
            <Button type="submit" variant="ghost" size="sm" className="px-0 text-danger" disabled={remover.state !== 'idle'}>
              Remove photo<span className="sr-only"> of {member.name}</span>
            </Button>
          </remover.Form>
        )}
      </div>
    </div>
  );
}

/** Every person, in order, then 'Add a person'. */
export function TeamEditor({ team }: { team: TeamMember[] }) {
  return (
    <div className="grid gap-4">
      {team.length > 0 ? (
        <ItemList label="Team">
          {team.map((m, i) => (
            <ItemCard
              // Renewed when the person's saved words change (a save, 'Discard changes'), not when
              // a photo is uploaded: the words being typed stay.
              key={`${m.id}-${contentKey({ ...m, photoId: null })}`}
              title={m.name}
              summary={[m.title, m.licence].filter(Boolean).join(' · ')}
              controls={
                <ItemControls
                  name={m.name}
                  target={{ id: m.id }}
                  first={i === 0}
                  last={i === team.length - 1}
                  removal="The person leaves the About page once the change is published."
                />
              }
            >
              <Photo member={m} />
              <MemberForm member={m} intent="save" formId={`member-${m.id}`} />
            </ItemCard>
          ))}
        </ItemList>
      ) : (
        <p className="text-muted">No one yet: the About page shows its team section once you add a person and publish.</p>
      )}
      <AddItem label="Add a person">
        <p className="mb-4 text-sm text-muted">Add the photo once the person is saved.</p>
        <MemberForm
          member={{ id: NEW_ITEM_ID, name: '', title: '', bio: '', licence: null, phone: null, email: null }}
          intent="add"
          formId="member-new"
        />
      </AddItem>
    </div>
  );
}
