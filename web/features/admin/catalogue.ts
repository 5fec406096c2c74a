/**
 * The admin area's texts, registered when the admin area's code loads (it is imported by index.ts,
 * the area's entry point), so that a member's first load does not carry them.
 */
import { addCatalogue } from '../../lib/i18n.ts';
import enAdminCatalog from '../../locales/en/admin-catalog.json';
import enAdminPayments from '../../locales/en/admin-payments.json';
import enAdminReferrals from '../../locales/en/admin-referrals.json';
import enAdminRequests from '../../locales/en/admin-requests.json';
import enAdminWinners from '../../locales/en/admin-winners.json';

addCatalogue({
  en: { adminCatalog: enAdminCatalog, adminPayments: enAdminPayments, adminReferrals: enAdminReferrals, adminRequests: enAdminRequests, adminWinners: enAdminWinners },
});
