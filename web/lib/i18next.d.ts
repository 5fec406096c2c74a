import 'i18next';
import type en from '../locales/en.json';
import type enAdmin from '../locales/en/admin.json';
import type enAdminProfile from '../locales/en/admin-profile.json';
import type enAuth from '../locales/en/auth.json';
import type enLanding from '../locales/en/landing.json';
import type enProfile from '../locales/en/profile.json';
import type enAdminCatalog from '../locales/en/admin-catalog.json';
import type enAdminPayments from '../locales/en/admin-payments.json';
import type enAdminReferrals from '../locales/en/admin-referrals.json';
import type enAdminRequests from '../locales/en/admin-requests.json';
import type enAdminWinners from '../locales/en/admin-winners.json';
import type enMemberPayments from '../locales/en/member-payments.json';
import type enMemberPaymentsScreens from '../locales/en/member-payments-screens.json';
import type enMemberPlans from '../locales/en/member-plans.json';
import type enMemberReferrals from '../locales/en/member-referrals.json';
import type enMemberWinners from '../locales/en/member-winners.json';
import type enServerText from '../locales/en/server-text.json';

// Typed keys: a misspelt or missing translation key is a type error, not a blank on screen.
// The shared catalogue is typed whole, with the groups that come with a part of the app
// (lib/i18n.ts addArea) under their keys; so is memberPayments.
type Translation = typeof en & { admin: typeof enAdmin & { profile: typeof enAdminProfile }; auth: typeof enAuth; landing: typeof enLanding; profile: typeof enProfile; serverText: typeof enServerText };

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Translation; memberPlans: typeof enMemberPlans; memberPayments: typeof enMemberPayments & typeof enMemberPaymentsScreens; adminCatalog: typeof enAdminCatalog; adminRequests: typeof enAdminRequests; adminPayments: typeof enAdminPayments; adminWinners: typeof enAdminWinners; memberReferrals: typeof enMemberReferrals; memberWinners: typeof enMemberWinners; adminReferrals: typeof enAdminReferrals };
  }
}
