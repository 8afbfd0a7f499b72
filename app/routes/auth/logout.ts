/** /logout: POST signs the session out and returns to / (product §2 Sign Out); GET just goes to /. */
import { redirect } from 'react-router';
import type { Route } from './+types/logout';
import { answerRefusals } from '~/server/answers.server';
import { signOutAction } from '~/server/auth-actions.server';
import { readForm } from '~/server/forms.server';
import { requestInfo } from '~/load-context';

export async function loader() {
  throw redirect('/');
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerRefusals(async () => {
    await readForm(request);
    return signOutAction(request, requestInfo(context).clientIp, '/');
  });
}
