/**
 * A FAQ editor of 'Site content' (issue "First impression"): the Borrowers or Investors page's
 * questions in order, each question with its answer in plain text (links written
 * `[label](https://…)` or `[label](/contact)`, and bare https:// addresses, become links:
 * `answerParagraphs` in app/lib/site-content.ts), moved, removed after a confirmation, and 'Add
 * a question'. Each question is its own form, checked in the browser with the server's schema;
 * every save is an unpublished change.
 */
import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react';
import { ErrorList, Field, TextareaField } from '~/components/forms';
import { faqFormSchema, type FaqEntry } from '~/lib/site-content';
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
} from './content-list';

const ANSWER_HINT = (
  <>
    Plain text; a blank line starts a new paragraph. Links: write <code>[the words](https://example.com)</code> or a page of this
    site, <code>[contact us](/contact)</code>; an address starting with https:// becomes a link by itself.
  </>
);

function FaqForm({ entry, intent, formId }: { entry: FaqEntry; intent: 'save' | 'add'; formId: string }) {
  const { fetcher, busy, options } = useSectionForm(formId, faqFormSchema);
  const [form, fields] = useForm({ ...options, defaultValue: { question: entry.question, answer: entry.answer } });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4">
      <HiddenFields fields={{ intent, id: entry.id, formId }} />
      <Field label="Question" errors={fields.question.errors} inputProps={getInputProps(fields.question, { type: 'text' })} />
      <TextareaField
        label="Answer"
        hint={ANSWER_HINT}
        errors={fields.answer.errors}
        textareaProps={{ ...getTextareaProps(fields.answer), rows: 5 }}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div>
        <SaveButton busy={busy}>{intent === 'add' ? 'Add question' : 'Save'}</SaveButton>
      </div>
    </fetcher.Form>
  );
}

/** Every question of one FAQ (`label`: 'Borrower FAQ' …), in order, then 'Add a question'. */
export function FaqEditor({ label, entries }: { label: string; entries: FaqEntry[] }) {
  return (
    <div className="grid gap-4">
      {entries.length > 0 ? (
        <ItemList label={label}>
          {entries.map((e, i) => (
            <ItemCard
              key={`${e.id}-${contentKey(e)}`}
              title={e.question}
              controls={
                <ItemControls
                  name={`the question “${e.question}”`}
                  target={{ id: e.id }}
                  first={i === 0}
                  last={i === entries.length - 1}
                  removal="The question and its answer leave the page once the change is published."
                />
              }
            >
              <FaqForm entry={e} intent="save" formId={`faq-${e.id}`} />
            </ItemCard>
          ))}
        </ItemList>
      ) : (
        <p className="text-muted">No questions: the page shows none until you add one and publish.</p>
      )}
      <AddItem label="Add a question">
        <FaqForm entry={{ id: NEW_ITEM_ID, question: '', answer: '' }} intent="add" formId="faq-new" />
      </AddItem>
    </div>
  );
}
