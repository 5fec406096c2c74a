/** The member's referral screens' texts (memberReferrals), registered when a module that shows them loads. */
import { addCatalogue } from '../../../lib/i18n.ts';
import enMemberReferrals from '../../../locales/en/member-referrals.json';

addCatalogue({ en: { memberReferrals: enMemberReferrals } });
