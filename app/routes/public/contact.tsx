import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react';
import { keepActionHeaders } from '~/lib/route-headers';
import { parseForm } from '~/lib/parse-form';
import { CheckCircle2, Clock, Mail, MapPin, Phone } from 'lucide-react';
import { Form, useActionData, useNavigation } from 'react-router';
import type { Route } from './+types/contact';
import { ErrorList, Field, TextareaField } from '~/components/forms';
import { PageHero } from '~/components/marketing/page-hero';
import { Card, cardClasses } from '~/components/ui/card';
import { SpamCheck, enhanceSpamCheck } from '~/components/spam-check';
import { contactHours, whyChooseUs } from '~/content/contact';
import { EmailAddress } from '~/components/ui/email-address';
import { telHref } from '~/lib/format';
import { contactSchema } from '~/lib/schemas/contact';
import { originFromMatches, seo } from '~/lib/seo';
import type { Toast } from '~/lib/toast';
import { useActionAnswer } from '~/lib/use-action-answer';
import { useRootData } from '~/root';
import { answer, answerRefusals, refuseFields } from '~/server/answers.server';
import { submitContactForm } from '~/server/actions/contact.server';
import { readForm } from '~/server/forms.server';
import { requestInfo } from '~/load-context';
import type { RouteHandle } from '~/lib/route-handle';

/**
 * No React in the browser (issue 26, Speed): the form posts to the action and the server answers
 * with the page; the inline enhancement loads the spam check when it is wanted.
 */
export const handle = { hydrate: false, enhance: enhanceSpamCheck } satisfies RouteHandle;

/** product §8 Contact: the answer to a message sent. */
const SENT: Toast = {
  type: 'success',
  title: 'Message sent!',
  description: "Thank you for contacting us. We'll get back to you soon.",
};

export async function action({ request, context }: Route.ActionArgs) {
  return answerRefusals(async () => {
    const outcome = await submitContactForm(await readForm(request), requestInfo(context).clientIp);
    if (outcome.ok) return answer({ ok: true, result: outcome.result, toast: SENT });
    const headers: HeadersInit = 'retryAfter' in outcome ? { 'Retry-After': String(outcome.retryAfter) } : {};
    const formError = outcome.result.error?.['']?.[0];
    const toast: Toast | null = formError ? { type: 'error', title: 'Error', description: formError } : null;
    return refuseFields(outcome.kind, { ok: false, result: outcome.result, toast }, headers);
  });
}

export default function ContactPage() {
  const root = useRootData();
  const company = root?.company;
  // The answer comes as the page itself (a document POST), or, on a page React renders, as
  // action data: the same in both cases.
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: 'contact',
    lastResult: navigation.state === 'idle' ? actionData?.result : undefined,
    // Errors appear on submit, not as a field loses focus: a message appearing on blur moved the
    // spam check away from the finger about to tap it (issue "Solid ground" 8).
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema: contactSchema }),
  });

  useActionAnswer({ state: navigation.state, data: actionData });
  const sent = navigation.state === 'idle' && actionData?.ok;

  const submitting = navigation.state === 'submitting' && navigation.formAction?.startsWith('/contact');
  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Let's talk about your next project"
        lead="Tell us about the property and the timeline. A principal, not a call centre, will get back to you."
        image="hero-home-2"
        className="pb-16 sm:pb-20"
      />

      <section className="container-page grid gap-10 py-14 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:py-20">
        <Card pad="lg" className="scroll-mt-24 sm:p-10" id="send-message">
          <h2 className="text-2xl sm:text-3xl">Send us a message</h2>
          <p className="mt-2 text-muted">We reply within one business day.</p>
          {sent && (
            <div role="status" className="mt-6 flex gap-3 rounded-lg border border-success/30 bg-emerald-50 p-4 text-sm text-ink">
              <CheckCircle2 aria-hidden className="size-5 shrink-0 text-success" />
              <p>
                <span className="font-semibold">Message sent!</span> Thank you for contacting us. We&apos;ll get back to you soon.
                You can send another message below.
              </p>
            </div>
          )}
          {/* The fragment brings a visitor back to the answer after the page reloads. */}
          <Form method="post" action="/contact#send-message" {...getFormProps(form)} className="mt-8 grid gap-5 sm:grid-cols-2">
            <Field
              label="Name"
              errors={fields.name.errors}
              inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'name' }}
            />
            <Field
              label="Email"
              errors={fields.email.errors}
              inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
            />
            <Field
              className="sm:col-span-2"
              label={
                <>
                  Phone <span className="font-normal text-muted">(optional)</span>
                </>
              }
              errors={fields.phone.errors}
              inputProps={{ ...getInputProps(fields.phone, { type: 'tel' }), autoComplete: 'tel' }}
            />
            <TextareaField
              className="sm:col-span-2"
              label={
                <>
                  Message <span className="font-normal text-muted">(optional)</span>
                </>
              }
              errors={fields.note.errors}
              textareaProps={{ ...getTextareaProps(fields.note), rows: 5 }}
            />
            <div className="sm:col-span-2">
              <SpamCheck
                name={fields.altcha.name}
                resetKey={sent ? actionData : undefined}
                describedBy={fields.altcha.errors?.length ? `${fields.altcha.id}-error` : undefined}
              />
              <ErrorList id={`${fields.altcha.id}-error`} errors={fields.altcha.errors} />
            </div>
            <ErrorList id={form.errorId} errors={form.errors} />
            <div className="sm:col-span-2">
              {/* Disabled until the spam check is solved by enhanceSpamCheck, which owns `disabled`. */}
              <button
                type="submit"
                className="inline-flex w-full items-center justify-center rounded-lg bg-navy-900 px-6 py-3 font-semibold text-white transition hover:bg-navy-800 disabled:cursor-not-allowed disabled:bg-navy-300 sm:w-auto"
              >
                {submitting ? 'Sending…' : 'Send Message'}
              </button>
              <p data-spam-check-hint className="mt-2 text-sm text-muted">
                Complete the spam check to send your message.
              </p>
            </div>
          </Form>
        </Card>

        <aside className="space-y-8">
          {company && (
            <div className="rounded-[var(--radius-card)] bg-navy-950 p-8 text-navy-100">
              <h2 className="text-2xl text-white">Get in touch</h2>
              <ul className="mt-6 space-y-5">
                <li className="flex gap-3">
                  <Phone aria-hidden className="mt-0.5 size-5 shrink-0 text-brass-300" />
                  <a className="inline-flex min-h-11 items-center hover:text-white sm:min-h-0" href={telHref(company.phone)}>
                    {company.phone}
                  </a>
                </li>
                <li className="flex gap-3">
                  <Mail aria-hidden className="mt-0.5 size-5 shrink-0 text-brass-300" />
                  <a className="inline-flex min-h-11 items-center hover:text-white sm:min-h-0" href={`mailto:${company.email}`}>
                    <EmailAddress email={company.email} />
                  </a>
                </li>
                <li className="flex gap-3">
                  <MapPin aria-hidden className="mt-0.5 size-5 shrink-0 text-brass-300" />
                  <span>
                    Office in {company.city}
                    <br />
                    <span className="text-sm text-navy-200">{company.address}</span>
                  </span>
                </li>
                <li className="flex gap-3">
                  <Clock aria-hidden className="mt-0.5 size-5 shrink-0 text-brass-300" />
                  <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                    {contactHours.map((h) => (
                      <div key={h.days} className="contents">
                        <dt className="text-navy-200">{h.days}</dt>
                        <dd>{h.hours}</dd>
                      </div>
                    ))}
                  </dl>
                </li>
              </ul>
              <p className="mt-8 border-t border-navy-800 pt-5 text-xs leading-relaxed text-navy-200">
                {company.legalName} · {company.nvLicense} · {company.nmlsId} · {company.caDre}
              </p>
            </div>
          )}
          <div className={cardClasses('none', 'p-8')}>
            <h2 className="text-2xl">Why choose us</h2>
            <ul className="mt-5 space-y-3">
              {whyChooseUs.map((item) => (
                <li key={item} className="flex gap-3 text-ink">
                  <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
                  {item}
                </li>
              ))}
            </ul>
          </div>
        </aside>
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: 'Contact Us',
    description:
      'Contact Ormsby Lending about a bridge, fix-and-flip, construction or land loan in Nevada or California, or about investing in deeds of trust.',
    path: '/contact',
    origin: originFromMatches(matches),
  });

// A rate-limited answer keeps its Retry-After (issue "Security and scale").
export const headers = keepActionHeaders;
