/**
 * /dashboard/loans, the borrower dashboard (product §2): borrowers only. The welcome with the
 * spec's name fallback, the upload card, 'My Documents' and the latest 5 'Document
 * Notifications'. The action renames and deletes the borrower's own documents and marks
 * notifications read; anything not theirs answers 404.
 */
import { data } from 'react-router';
import type { Route } from './+types/loans';
import { DocumentList } from '~/components/documents/document-list';
import { UploadCard } from '~/components/documents/upload-card';
import { PageHeader } from '~/components/layout/dashboard-shell';
import { NotificationList } from '~/components/notifications/notification-list';
import type { Toast } from '~/lib/toast';
import { deleteDocument, documentMaxBytes, listDocuments, renameDocument } from '~/server/domain/documents.server';
import { DOCUMENT_NOTIFICATION_TITLES, listNotifications, markNotificationRead } from '~/server/domain/notifications.server';
import { requireRole } from '~/server/guards.server';
import { toastHeaders } from '~/server/toast.server';
import { refusalAnswer, type ActionAnswer } from '~/server/answers.server';
import { isRefused } from '~/server/errors.server';
import { readForm } from '~/server/forms.server';
import { logger } from '~/server/logger.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole({ request, context }, 'borrower');
  const [documents, notifications] = await Promise.all([
    listDocuments(viewer.id),
    listNotifications(viewer.id, DOCUMENT_NOTIFICATION_TITLES, 5),
  ]);
  // Spec §2: profile name, then the auth name, then the e-mail prefix, then 'User'.
  const name = viewer.name.trim() || viewer.email.split('@')[0] || 'User';
  const maxBytes = documentMaxBytes();
  return {
    name,
    maxBytes,
    documents,
    notifications,
  };
}

/** The action's answer: a success shows its toast through the root loader (it survives the
 * row's removal); a failure carries it for the component to show. */
const answer = async (status: number, toast: Toast) =>
  status < 400
    ? data({ ok: true } as ActionAnswer, { status, headers: await toastHeaders(toast) })
    : data({ ok: false, toast } as ActionAnswer, { status });

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireRole({ request, context }, 'borrower');
  let intent: FormDataEntryValue | null = null;
  try {
    const form = await readForm(request);
    intent = form.get('intent');
    const id = String(form.get('id') ?? '');
    if (intent === 'rename') {
      const ok = await renameDocument(viewer.id, id, String(form.get('title') ?? ''));
      return ok
        ? answer(200, { type: 'success', title: 'Document title updated successfully' })
        : answer(404, { type: 'error', title: 'Failed to update document title', description: 'Document not found.' });
    }
    if (intent === 'delete') {
      const ok = await deleteDocument(viewer.id, id);
      return ok
        ? answer(200, { type: 'success', title: 'Document deleted successfully' })
        : answer(404, { type: 'error', title: 'Failed to delete document', description: 'Document not found.' });
    }
    if (intent === 'read') {
      const ok = await markNotificationRead(viewer.id, id);
      return ok ? data({ ok: true } as ActionAnswer) : answer(404, { type: 'error', title: 'Notification not found' });
    }
  } catch (error) {
    if (isRefused(error)) return refusalAnswer(error);
    logger.error({ err: error, intent }, 'document action failed');
    return answer(500, {
      type: 'error',
      title: intent === 'delete' ? 'Failed to delete document' : 'Failed to update document title',
      description: 'Please try again.',
    });
  }
  return answer(400, { type: 'error', title: 'Unknown request' });
}

export default function BorrowerDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={`Welcome, ${loaderData.name}`} subtitle="Your loan documents and notifications in one place." />
      {/* The upload card beside the notifications; the documents table below, the full width,
          so its titles have room (issue "Solid ground" 2). */}
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0">
          <UploadCard maxBytes={loaderData.maxBytes} />
        </div>
        <div className="min-w-0">
          <NotificationList title="Document Notifications" items={loaderData.notifications} />
        </div>
        <div className="min-w-0 xl:col-span-2">
          <DocumentList documents={loaderData.documents} />
        </div>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: 'Borrower Portal | Ormsby Lending' }];
