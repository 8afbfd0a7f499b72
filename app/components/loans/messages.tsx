/**
 * A loan's message thread between the borrower and the lender's staff (issue "The loan
 * file"), oldest first, with the form that posts `intent=message` to the page's action.
 * The same component serves the borrower (`viewerIsStaff` false) and staff.
 */
import { Send } from 'lucide-react';
import { useRef } from 'react';
import { useFetcher } from 'react-router';
import { Button } from '~/components/ui/button';
import { TextareaField } from '~/components/forms';
import { cn } from '~/lib/cn';
import { formatShortDateTime } from '~/lib/format';
import { MESSAGE_MAX } from '~/lib/loans';
import { useActionAnswer, type ActionAnswer } from '~/lib/use-action-answer';

export interface ThreadMessage {
  id: string;
  authorName: string;
  fromStaff: boolean;
  body: string;
  createdAt: Date;
}

export function MessageThread({
  messages,
  viewerIsStaff,
  canWrite,
}: {
  messages: ThreadMessage[];
  viewerIsStaff: boolean;
  canWrite: boolean;
}) {
  const fetcher = useFetcher<ActionAnswer>();
  const form = useRef<HTMLFormElement>(null);
  useActionAnswer(fetcher, { onSuccess: () => form.current?.reset() });
  return (
    <div>
      {messages.length === 0 ? (
        <p className="text-sm text-muted">
          {viewerIsStaff ? 'No messages yet.' : 'No messages yet. Ask us anything about your loan here.'}
        </p>
      ) : (
        <ol className="grid gap-3" aria-label="Messages">
          {messages.map((m) => {
            const mine = m.fromStaff === viewerIsStaff;
            return (
              <li key={m.id} className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
                <div
                  className={cn(
                    'max-w-[85%] rounded-xl px-4 py-3 text-sm',
                    mine ? 'bg-navy-900 text-white' : 'border border-line bg-ivory text-ink',
                  )}
                >
                  <p className={cn('text-xs font-semibold', mine ? 'text-navy-100' : 'text-muted')}>
                    {m.fromStaff ? `${m.authorName} · Ormsby Lending` : m.authorName} · {formatShortDateTime(m.createdAt)}
                  </p>
                  <p className="mt-1 break-words whitespace-pre-line">{m.body}</p>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {canWrite && (
        <fetcher.Form ref={form} method="post" className="mt-5 grid gap-3">
          <input type="hidden" name="intent" value="message" />
          <TextareaField
            label={viewerIsStaff ? 'Message to the borrower' : 'Message to our team'}
            textareaProps={{ name: 'body', required: true, maxLength: MESSAGE_MAX, rows: 3, className: 'min-h-24' }}
          />
          <div>
            <Button type="submit" disabled={fetcher.state !== 'idle'}>
              <Send aria-hidden className="size-4" /> Send message
            </Button>
          </div>
        </fetcher.Form>
      )}
    </div>
  );
}
