/**
 * /profile: the member's own profile (member document §2 account menu "Profile"). The same page as
 * the administrator's (web/features/admin-profile): the details, and Edit Profile to save name,
 * email, phone, CNIC and the password through PUT /api/profile and PUT /api/profile/password. Here
 * in the member frame: the header of the dashboard and a way back to it. The page's Messages card
 * holds the choice of reminder emails beside the other channels (message-channels-card.tsx); below,
 * the member's phone and its confirmation (phone-card.tsx), which WhatsApp and SMS need.
 */
import { AdminProfilePage } from '../admin/index.ts';
import { MemberPageLayout } from '../../member-frame/index.ts';
import { PhoneCard } from './phone-card.tsx';

export function MemberProfilePage() {
  return (
    // Its heading and the tab title ('Profile Settings'); 'User' badge, no administrator line, for a member.
    <MemberPageLayout width="narrow">
      <AdminProfilePage />
      <div className="mx-auto mt-6 max-w-3xl space-y-6">
        <PhoneCard />
      </div>
    </MemberPageLayout>
  );
}
