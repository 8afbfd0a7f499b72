/**
 * /dashboard/profile (product §2 Profile; product decisions): borrowers and investors. The photo
 * card; basic info, investment profile (investors) and borrower preferences (borrowers), each
 * with view and edit modes; notification preferences (saved); security: a reset e-mail, change
 * password and 'Logout All Devices'; the real last sign-in time; two-step verification and 'Where
 * you're signed in' (issue "Security and scale"); for investors, the Accreditation card (issue
 * "Investing": the record, letters under review, and a letter upload, which posts to
 * /dashboard/profile/accreditation-letter). Each other card posts its own intent
 * to the action (app/server/actions/profile.server.ts), which checks the session and the role
 * itself and changes only the caller's own profile.
 */
import { redirect } from 'react-router';
import type { Route } from './+types/profile';
import { BorrowerPreferences, InvestmentProfile } from '~/components/profile/answer-cards';
import { BasicInfo } from '~/components/profile/basic-info';
import { NotificationPreferences } from '~/components/profile/notification-preferences';
import { ProfileCard } from '~/components/profile/profile-card';
import { SecuritySettings } from '~/components/profile/security-settings';
import { SignedInSessions, TwoFactorCard } from '~/components/account/security-cards';
import { AccreditationCard } from '~/components/account/accreditation-card';
import { accreditationOf } from '~/server/domain/investing/accreditation.server';
import { documentMaxBytes } from '~/server/domain/loans/documents.server';
import { listSessions } from '~/server/domain/accounts/sessions.server';
import { PageHeader } from '~/components/layout/dashboard-shell';
import { keepActionHeaders } from '~/lib/route-headers';
import { FRAMING_BYTES, type BodyLimit } from '~/lib/body-limit';
import { AVATAR_MAX_BYTES } from '~/lib/schemas/profile';
import { profileAction } from '~/server/actions/profile.server';
import { requestInfo } from '~/load-context';
import { getProfile } from '~/server/domain/accounts/profiles.server';
import { requireRole } from '~/server/guards.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole({ request, context }, 'any');
  // Read together (issue 26): the viewer's roles are the profile's, read on this request.
  const [profile, sessions, accreditation] = await Promise.all([
    getProfile(viewer.id),
    listSessions(viewer.id, viewer.sessionId),
    viewer.isInvestor ? accreditationCard(viewer.id) : null,
  ]);
  if (!profile) throw redirect('/');
  return {
    profile,
    twoFactorEnabled: viewer.twoFactorEnabled,
    sessions,
    accreditation,
    letterMaxBytes: documentMaxBytes(),
  };
}

/** The investor's records as the Accreditation card shows them (staff's e-mail left out). */
async function accreditationCard(investorId: string) {
  const { today, current, records } = await accreditationOf(investorId);
  return { today, current, records: records.map(({ verifiedByEmail: _staff, ...r }) => r) };
}

/** The avatar form takes one picture at AVATAR_MAX_BYTES, with the multipart framing; the other forms are small. */
export const bodyLimit: BodyLimit = AVATAR_MAX_BYTES + FRAMING_BYTES;

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireRole({ request, context }, 'any');
  return profileAction(request, requestInfo(context), viewer);
}

export default function ProfilePage({
  loaderData: { profile, twoFactorEnabled, sessions, accreditation, letterMaxBytes },
}: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Profile" subtitle="Your details, preferences and security settings." />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <ProfileCard profile={profile} />
        <div className="grid min-w-0 gap-6">
          <BasicInfo profile={profile} />
          {profile.isInvestor && <InvestmentProfile profile={profile} />}
          {accreditation && <AccreditationCard accreditation={accreditation} maxBytes={letterMaxBytes} />}
          {profile.isBorrower && <BorrowerPreferences profile={profile} />}
          <NotificationPreferences profile={profile} />
          <SecuritySettings profile={profile} />
          <TwoFactorCard enabled={twoFactorEnabled} required={profile.isAdmin} back="/dashboard/profile" />
          <SignedInSessions sessions={sessions} />
        </div>
      </div>
    </>
  );
}

export const headers = keepActionHeaders;

export const meta: Route.MetaFunction = () => [{ title: 'Profile | Ormsby Lending' }];
