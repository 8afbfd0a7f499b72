/**
 * /dashboard/loans, the borrower dashboard (product §2; issue "The loan file"): borrowers only.
 * The welcome with the spec's name fallback, 'My loans' (one card per loan with its stage,
 * amount, property and what the borrower must do next, and the way to a new application),
 * then the general documents as before (the upload card, 'My Documents') and the latest 5
 * 'Document Notifications' (loan notices included). The action renames and deletes the
 * borrower's own general documents and marks notifications read; anything not theirs is a 404.
 */
import { z } from 'zod';
import type { Route } from './+types/loans';
import { DocumentList } from '~/components/documents/document-list';
import { UploadCard } from '~/components/documents/upload-card';
import { PageHeader } from '~/components/layout/dashboard-shell';
import { NotificationList } from '~/components/notifications/notification-list';
import type { Toast } from '~/lib/toast';
import { deleteDocument, documentMaxBytes, renameDocument } from '~/server/domain/loans/documents.server';
import {
  DOCUMENT_NOTIFICATION_TITLES,
  LOAN_NOTIFICATION_TITLES,
  markNotificationRead,
} from '~/server/domain/notifications.server';
import { myLoans } from '~/server/domain/loans/file.server';
import { LoanCards } from '~/components/loans/loan-cards';
import { requireRole } from '~/server/guards.server';
import { toastHeaders } from '~/server/toast.server';
import { answer, answerRefusals } from '~/server/answers.server';
import { NotFound } from '~/server/errors.server';
import { readForm, readIntent } from '~/server/forms.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole({ request, context }, 'borrower');
  const { loans, documents, notifications } = await myLoans(
    viewer.id,
    [...DOCUMENT_NOTIFICATION_TITLES, ...LOAN_NOTIFICATION_TITLES],
    5,
  );
  // Spec §2: profile name, then the auth name, then the e-mail prefix, then 'User'.
  const name = viewer.name.trim() || viewer.email.split('@')[0] || 'User';
  const maxBytes = documentMaxBytes();
  return {
    name,
    maxBytes,
    loans,
    documents,
    notifications,
  };
}

const documentIntent = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('rename'), id: z.string().max(100), title: z.string().max(1000) }),
  z.object({ intent: z.literal('delete'), id: z.string().max(100) }),
  z.object({ intent: z.literal('read'), id: z.string().max(100) }),
]);

/** A success's toast travels as a flash toast (it survives the row leaving the list). */
const done = async (toast: Toast) => answer({ ok: true }, { headers: await toastHeaders(toast) });

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireRole({ request, context }, 'borrower');
  return answerRefusals(async () => {
    const fields = readIntent(await readForm(request), documentIntent);
    switch (fields.intent) {
      case 'rename':
        if (!(await renameDocument(viewer.id, fields.id, fields.title)))
          throw new NotFound('Document not found.', 'Failed to update document title');
        return done({ type: 'success', title: 'Document title updated successfully' });
      case 'delete':
        if (!(await deleteDocument(viewer.id, fields.id))) throw new NotFound('Document not found.', 'Failed to delete document');
        return done({ type: 'success', title: 'Document deleted successfully' });
      case 'read':
        if (!(await markNotificationRead(viewer.id, fields.id)))
          throw new NotFound('Notification not found.', 'Notification not found');
        return answer({ ok: true });
    }
  });
}

export default function BorrowerDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={`Welcome, ${loaderData.name}`} subtitle="Your loans, documents and notifications in one place." />
      <div className="mb-8">
        <LoanCards loans={loaderData.loans} />
      </div>
      <h2 className="mb-4 text-2xl">General documents</h2>
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
