import { InvitationPage } from '@web/features/company/members/invitation-page';

export default function CompanyInvitationRoute() {
  return <InvitationPage />;
}
