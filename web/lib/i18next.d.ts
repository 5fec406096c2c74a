import 'i18next';
import type en from '../locales/en.json';
import type enAdminCatalog from '../locales/en/admin-catalog.json';
import type enAdminPayments from '../locales/en/admin-payments.json';
import type enAdminReferrals from '../locales/en/admin-referrals.json';
import type enAdminRequests from '../locales/en/admin-requests.json';
import type enAdminWinners from '../locales/en/admin-winners.json';
import type enMemberPayments from '../locales/en/member-payments.json';
import type enMemberPlans from '../locales/en/member-plans.json';
import type enMemberReferrals from '../locales/en/member-referrals.json';

// Typed keys: a misspelt or missing translation key is a type error, not a blank on screen.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en; memberPlans: typeof enMemberPlans; memberPayments: typeof enMemberPayments; adminCatalog: typeof enAdminCatalog; adminRequests: typeof enAdminRequests; adminPayments: typeof enAdminPayments; adminWinners: typeof enAdminWinners; memberReferrals: typeof enMemberReferrals; adminReferrals: typeof enAdminReferrals };
  }
}
