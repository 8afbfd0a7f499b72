/**
 * /admin-dashboard/content, 'Site content' (issue "First impression"): the six sections staff
 * edit (loan programs, track record, team, the two FAQs, imagery), each with where it shows, its
 * state ('Published {date}' or 'Unpublished changes saved {date}', in the lender's zone), 'Edit',
 * 'Preview' (its public page with the drafts), and with a draft 'Publish' and 'Discard changes'.
 * Those forms post to the section's page (its action), and come back here without JavaScript.
 * Company details and licence numbers are configuration, not content: the page says so. Admins
 * only.
 */
import { Pencil } from 'lucide-react';
import { Link } from 'react-router';
import type { Route } from './+types/content';
import { contentPath, SectionActions, SectionState } from '~/components/admin/content-actions';
import { PageHeader } from '~/components/layout/dashboard-shell';
import { buttonClasses } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { Table, Th } from '~/components/ui/table';
import { SECTION_LABELS, SECTION_PAGES } from '~/lib/site-content';
import { allSectionStates } from '~/server/domain/content/site-content.server';
import { requireAdmin } from '~/server/guards.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const sections = (await allSectionStates()).map((s) => ({
    section: s.section,
    hasDraft: s.hasDraft,
    sample: s.sample,
    publishedAt: s.publishedAt?.toISOString() ?? null,
    draftUpdatedAt: s.draftUpdatedAt?.toISOString() ?? null,
  }));
  return { sections };
}

export default function SiteContent({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Site content"
        subtitle="What the public pages say and show. A change is saved unpublished: preview it, then publish it."
      />
      <Card pad="none" className="p-4 sm:p-6">
        <Table minWidth={880} label="Site content sections">
          <thead>
            <tr className="border-b border-line">
              <Th>Section</Th>
              <Th>Shows on</Th>
              <Th>State</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {loaderData.sections.map((status) => (
              <tr key={status.section} className="align-top">
                <th scope="row" className="py-4 pr-4 text-left font-sans font-semibold text-navy-900">
                  <Link to={contentPath(status.section)} className="inline-flex min-h-11 min-w-11 items-center hover:underline">
                    {SECTION_LABELS[status.section]}
                  </Link>
                </th>
                <td className="py-4 pr-4 text-sm text-muted">{SECTION_PAGES[status.section]}</td>
                <td className="py-4 pr-4">
                  <SectionState status={status} />
                </td>
                <td className="py-4">
                  <div className="flex flex-wrap items-start justify-end gap-2">
                    <Link to={contentPath(status.section)} className={buttonClasses('secondary')}>
                      <Pencil aria-hidden className="size-4" /> Edit
                      <span className="sr-only"> {SECTION_LABELS[status.section]}</span>
                    </Link>
                    <SectionActions status={status} from="overview" />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Card>
      <p className="mt-6 text-sm text-muted">
        Company details and licence numbers are not edited here: they stay in the site’s configuration (see{' '}
        <Link to="/admin-dashboard/settings" className="font-semibold text-navy-700 hover:underline">
          Settings
        </Link>
        ).
      </p>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: 'Site content | Ormsby Lending Admin' }];
