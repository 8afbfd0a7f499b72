/**
 * A card of the latest notifications (product §2: 'Document Notifications', 'Investment
 * Notifications'; §4 unread → read via 'Mark as read'). Posts `intent=read` to the page.
 */
import { Bell, CheckCheck } from 'lucide-react';
import { useFetcher } from 'react-router';
import { cn } from '~/lib/cn';
import { formatShortDateTime } from '~/lib/format';
import { cardClasses } from '~/components/ui/card';

export interface NotificationItem {
  id: string;
  title: string;
  message: string;
  type: 'success' | 'info' | 'error' | 'warning';
  isRead: boolean;
  createdAt: Date;
}

const dot: Record<NotificationItem['type'], string> = {
  success: 'bg-success',
  info: 'bg-navy-500',
  error: 'bg-danger',
  warning: 'bg-warning',
};

function Item({ n }: { n: NotificationItem }) {
  const fetcher = useFetcher();
  const read = n.isRead || fetcher.state !== 'idle';
  return (
    <li className={cn('flex gap-3 border-t border-line py-3 first:border-t-0', read && 'opacity-70')}>
      <span aria-hidden className={cn('mt-2 size-2 shrink-0 rounded-full', read ? 'bg-line' : dot[n.type])} />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-navy-900">
          {n.title}
          {!read && <span className="sr-only"> (unread)</span>}
        </p>
        <p className="text-sm text-muted">{n.message}</p>
        <p className="mt-0.5 text-xs text-muted">{formatShortDateTime(n.createdAt)}</p>
      </div>
      {!read && (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="read" />
          <input type="hidden" name="id" value={n.id} />
          <button
            type="submit"
            className="min-h-11 text-xs font-semibold whitespace-nowrap text-navy-700 hover:underline sm:min-h-0"
          >
            Mark as read
          </button>
        </fetcher.Form>
      )}
    </li>
  );
}

export function NotificationList({ title, items }: { title: string; items: NotificationItem[] }) {
  return (
    <section aria-labelledby="notifications-heading" className={cardClasses('none', 'p-6')}>
      <h2 id="notifications-heading" className="flex items-center gap-2 text-xl">
        <Bell aria-hidden className="size-5 text-brass-600" />
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="mt-4 flex items-center gap-2 text-sm text-muted">
          <CheckCheck aria-hidden className="size-4" /> No notifications yet.
        </p>
      ) : (
        <ul className="mt-3">
          {items.map((n) => (
            <Item key={n.id} n={n} />
          ))}
        </ul>
      )}
    </section>
  );
}
