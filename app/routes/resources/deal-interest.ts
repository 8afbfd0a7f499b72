/**
 * POST /deals/{id}/interest with `intent` follow or unfollow (product §4 Follow deal, §8
 * Interest): investors only; the user is always the session's (any user id in the request is
 * ignored). Answers JSON `{ ok, following, toast }`: 200 (the toast also as a flash cookie),
 * or 404 for a missing deal and 409 for a closed one or a second follow.
 */
import { data } from 'react-router';
import type { Route } from './+types/deal-interest';
import { followDeal, unfollowDeal } from '~/server/domain/deals.server';
import { requireRole } from '~/server/guards.server';
import { answerRefusals } from '~/server/answers.server';
import { readForm } from '~/server/forms.server';
import { logger } from '~/server/logger.server';
import { limitUserAction } from '~/server/rate-limit.server';
import { toastHeaders } from '~/server/toast.server';

export async function loader() {
  return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST' } });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireRole({ request, context }, 'investor');
  return answerRefusals(async () => {
    const form = await readForm(request);
    await limitUserAction('interest', viewer.id);
    const intent = form.get('intent');
    if (intent !== 'follow' && intent !== 'unfollow')
      return data(
        { ok: false, following: false, toast: { type: 'error' as const, title: 'Error', description: 'Unknown request.' } },
        { status: 400 },
      );
    try {
      const outcome = intent === 'follow' ? await followDeal(viewer, params.id) : await unfollowDeal(viewer, params.id);
      if (outcome.ok) {
        // Shown by the root loader after revalidation: the card may move to another page.
        const toast = { type: 'success' as const, title: outcome.following ? 'Interest Recorded' : 'Interest Removed' };
        return data({ ok: true, following: outcome.following }, { headers: await toastHeaders(toast) });
      }
      return data(
        {
          ok: false,
          following: outcome.status === 409 && outcome.title === 'Already Interested',
          toast: { type: 'error' as const, title: outcome.title, description: outcome.message },
        },
        { status: outcome.status },
      );
    } catch (error) {
      logger.error({ err: error, intent }, 'interest change failed');
      const description =
        intent === 'follow'
          ? 'Failed to record your interest. Please try again.'
          : 'Failed to remove your interest. Please try again.';
      return data(
        { ok: false, following: intent !== 'follow', toast: { type: 'error' as const, title: 'Error', description } },
        { status: 500 },
      );
    }
  });
}
