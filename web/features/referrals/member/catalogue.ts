/** The member's referral screens' texts (memberReferrals), registered when a module that shows them loads. */
import { addArea } from '../../../lib/i18n.ts';
import enMemberReferrals from '../../../locales/en/member-referrals.json';

addArea('member-referrals', enMemberReferrals);
