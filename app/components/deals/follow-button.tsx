/**
 * The follow button (product §4 Follow deal): 'Follow deal' when not following, 'Following'
 * when following, 'Unfollow' on hover on desktop. Following is not an amount: the wording keeps
 * the two apart (docs/decisions/0005-follow-and-amount.md). Optimistic: the label changes at once
 * and returns if the server refuses. Closed deals show a disabled 'Deal Closed'.
 */
import { Bookmark, Check, X } from 'lucide-react';
import { useFetcher } from 'react-router';
import { buttonClasses } from '~/components/ui/button';
import { cn } from '~/lib/cn';
import type { Toast } from '~/lib/toast';
import { useActionAnswer } from '~/lib/use-action-answer';

interface Answer {
  ok: boolean;
  following?: boolean;
  toast?: Toast | null;
}

export function FollowButton({
  dealId,
  dealTitle,
  following,
  active,
  size = 'md',
  className,
}: {
  dealId: string;
  dealTitle: string;
  following: boolean;
  active: boolean;
  size?: 'sm' | 'md';
  className?: string;
}) {
  const fetcher = useFetcher<Answer>({ key: `interest-${dealId}` });
  // A success arrives as a flash toast with the revalidation (the card may move to another page).
  useActionAnswer(fetcher);

  if (!active)
    return (
      <button type="button" disabled className={buttonClasses('secondary', size, className)}>
        Deal Closed
      </button>
    );

  // While a request runs, the intended state; afterwards the server's (a refusal rolls back).
  const intent = fetcher.formData?.get('intent');
  const isFollowing = intent ? intent === 'follow' : following;
  return (
    <fetcher.Form method="post" action={`/deals/${dealId}/interest`} className={className}>
      <input type="hidden" name="intent" value={isFollowing ? 'unfollow' : 'follow'} />
      <button
        type="submit"
        aria-pressed={isFollowing}
        aria-label={isFollowing ? `Following ${dealTitle}. Unfollow` : `Follow ${dealTitle}`}
        className={cn(
          'group',
          buttonClasses(isFollowing ? 'secondary' : 'primary', size, 'w-full'),
          isFollowing && 'border-success/40 text-success md:hover:border-danger/50 md:hover:bg-red-50 md:hover:text-danger',
        )}
      >
        {isFollowing ? (
          <>
            <span className="flex items-center gap-2 md:group-hover:hidden">
              <Check aria-hidden className="size-4" /> Following
            </span>
            <span className="hidden items-center gap-2 md:group-hover:flex">
              <X aria-hidden className="size-4" /> Unfollow
            </span>
          </>
        ) : (
          <span className="flex items-center gap-2">
            <Bookmark aria-hidden className="size-4" /> Follow deal
          </span>
        )}
      </button>
    </fetcher.Form>
  );
}
