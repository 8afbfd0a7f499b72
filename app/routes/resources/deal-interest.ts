/**
 * POST /deals/{id}/interest with `intent` follow or unfollow (product §4 Follow deal, §8
 * Interest): investors only; the user is always the session's (any user id in the request is
 * ignored). Answers `{ ok: true }` with the toast as a flash cookie, or the refusal: 404 for a
 * missing deal, 409 for a closed one or a second follow, 429 past the per-user limit.
 */
import type { Route } from './+types/deal-interest';
import type { Toast } from '~/lib/toast';
import { answer, answerRefusals, postOnly } from '~/server/answers.server';
import { followDeal, unfollowDeal } from '~/server/domain/investing/deals.server';
import { readForm, readIntent } from '~/server/forms.server';
import { requireRole } from '~/server/guards.server';
import { limitUserAction } from '~/server/rate-limit.server';
import { toastHeaders } from '~/server/toast.server';

export function loader() {
  return postOnly();
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireRole({ request, context }, 'investor');
  return answerRefusals(async () => {
    const { intent } = readIntent(await readForm(request), ['follow', 'unfollow']);
    await limitUserAction('interest', viewer.id);
    if (intent === 'follow') await followDeal(viewer, params.id);
    else await unfollowDeal(viewer, params.id);
    // Shown by the root loader after revalidation: the card may move to another page.
    const toast: Toast = { type: 'success', title: intent === 'follow' ? 'Deal followed' : 'Deal unfollowed' };
    return answer({ ok: true }, { headers: await toastHeaders(toast) });
  });
}
