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
import { readForm } from '~/server/forms.server';
import { requireAdmin } from '~/server/guards.server';
import { listOutbox, retryNow } from '~/server/mail/outbox.server';
import { renderEmail } from '~/server/mail/templates.server';
import { formatShortDateTime } from '~/lib/format';

const PAGE_SIZE = 25;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const page = Math.max(1, Number.parseInt(new URL(request.url).searchParams.get('page') ?? '1', 10) || 1);
  const list = await listOutbox(page, PAGE_SIZE);
  return {
    ...list,
    messages: list.messages.map((m) => {
      let subject = m.template;
      try {
        subject = renderEmail(m.template, m.payload).subject;
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
    const form = await readForm(request);
    const ok = form.get('intent') === 'retry' && (await retryNow(String(form.get('id') ?? '')));
    return answer({ ok }, ok ? 200 : 404);
  });
}

const tone: Record<string, string> = {
  sent: 'bg-emerald-50 text-success',
  queued: 'bg-brass-100 text-brass-800',
  sending: 'bg-navy-50 text-navy-700',
  failed: 'bg-red-50 text-danger',
};

function Retry({ id }: { id: string }) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="retry" />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        disabled={fetcher.state !== 'idle'}
        className="inline-flex items-center gap-1.5 text-xs font-semibold text-navy-700 hover:underline"
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
      <section className="rounded-[var(--radius-card)] border border-line bg-surface p-6 shadow-[var(--shadow-card)]">
        {messages.length === 0 ? (
          <EmptyState icon={Mail} title="No e-mails yet" />
        ) : (
          <div className="relative overflow-x-auto">
            <table className="w-full min-w-[760px] text-left">
              <thead>
                <tr className="text-xs tracking-wide text-muted uppercase">
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    To
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Subject
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Status
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Attempts
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Queued
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {messages.map((m) => (
                  <tr key={m.id} className="border-t border-line align-top text-sm">
                    <td className="py-3 pr-4 break-all">{m.to}</td>
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
            </table>
          </div>
        )}
        <div className="mt-6">
          <Pager page={page} pageCount={pageCount} total={total} pageSize={PAGE_SIZE} noun="e-mails" />
        </div>
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: 'Mail log | Ormsby Lending Admin' }];
