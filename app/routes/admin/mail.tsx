/**
 * /admin-dashboard/mail, the e-mail delivery log (product decisions): every outbox message newest
 * first with its status, attempts and last error, and 'Retry now'. Admins only.
 */
import { Mail, RotateCw } from 'lucide-react';
import { useFetcher } from 'react-router';
import type { Route } from './+types/mail';
import { EmptyState, PageHeader } from '~/components/layout/dashboard-shell';
import { Pager } from '~/components/ui/pager';
import { cn } from '~/lib/cn';
import { answer, answerRefusals } from '~/server/answers.server';
import { NotFound } from '~/server/errors.server';
import { readForm, readIntent } from '~/server/forms.server';
import { requireAdmin } from '~/server/guards.server';
import { listOutbox, retryNow } from '~/server/mail/outbox.server';
import { storedEmailSubject } from '~/server/mail/templates.server';
import { formatShortDateTime } from '~/lib/format';
import { z } from 'zod';
import { pageParam, parseSearch } from '~/lib/search-params';
import { cardClasses } from '~/components/ui/card';
import { Table, Th } from '~/components/ui/table';
import { useActionAnswer, type ActionAnswer } from '~/lib/use-action-answer';
import { EmailAddress } from '~/components/ui/email-address';

const PAGE_SIZE = 25;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const { page } = parseSearch(new URL(request.url), z.object({ page: pageParam }));
  const list = await listOutbox(page, PAGE_SIZE);
  return {
    ...list,
    messages: list.messages.map((m) => {
      let subject = m.template;
      try {
        subject = storedEmailSubject(m);
      } catch {
        // an unknown template keeps its name
      }
      return {
        id: m.id,
        to: m.to,
        subject,
        status: m.status,
        attempts: m.attempts,
        lastError: m.lastError,
        createdAt: m.createdAt,
        sentAt: m.sentAt,
      };
    }),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin({ request, context });
  return answerRefusals(async () => {
    const { id } = readIntent(await readForm(request), z.object({ intent: z.literal('retry'), id: z.string().max(100) }));
    if (!(await retryNow(id))) throw new NotFound('This message does not exist or was sent already.', 'Not retried');
    return answer({ ok: true });
  });
}

const tone: Record<string, string> = {
  sent: 'bg-emerald-50 text-success',
  queued: 'bg-brass-100 text-brass-800',
  sending: 'bg-navy-50 text-navy-700',
  failed: 'bg-red-50 text-danger',
};

function Retry({ id }: { id: string }) {
  const fetcher = useFetcher<ActionAnswer>();
  // A refusal says why (a success shows in the row itself).
  useActionAnswer(fetcher);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="retry" />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        disabled={fetcher.state !== 'idle'}
        className="inline-flex min-h-11 items-center gap-1.5 text-xs font-semibold text-navy-700 hover:underline sm:min-h-0"
      >
        <RotateCw aria-hidden className="size-3.5" /> Retry now
      </button>
    </fetcher.Form>
  );
}

export default function MailLog({ loaderData }: Route.ComponentProps) {
  const { messages, total, page, pageCount } = loaderData;
  return (
    <>
      <PageHeader title="Mail log" subtitle="Every e-mail the site sends, with its delivery status" />
      <section className={cardClasses('none', 'p-6')}>
        {messages.length === 0 ? (
          <EmptyState icon={Mail} title="No e-mails yet" />
        ) : (
          <Table label="E-mails" minWidth={760}>
            <thead>
              <tr>
                <Th>To</Th>
                <Th>Subject</Th>
                <Th>Status</Th>
                <Th>Attempts</Th>
                <Th>Queued</Th>
                <Th>
                  <span className="sr-only">Actions</span>
                </Th>
              </tr>
            </thead>
            <tbody>
              {messages.map((m) => (
                <tr key={m.id} className="border-t border-line align-top text-sm">
                  <td className="py-3 pr-4">
                    <EmailAddress email={m.to} />
                  </td>
                  <td className="py-3 pr-4">
                    {m.subject}
                    {m.lastError && <p className="mt-1 text-xs text-danger">Last error: {m.lastError}</p>}
                  </td>
                  <td className="py-3 pr-4">
                    <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', tone[m.status])}>{m.status}</span>
                  </td>
                  <td className="py-3 pr-4">{m.attempts}</td>
                  <td className="py-3 pr-4 whitespace-nowrap text-muted">{formatShortDateTime(m.createdAt)}</td>
                  <td className="py-3 text-right">{m.status !== 'sent' && <Retry id={m.id} />}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        <div className="mt-6">
          <Pager page={page} pageCount={pageCount} total={total} pageSize={PAGE_SIZE} noun="e-mails" />
        </div>
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: 'Mail log | Ormsby Lending Admin' }];
