/**
 * The admin area's texts, registered when the admin area's code loads (it is imported by index.ts,
 * the area's entry point), so that a member's first load does not carry them: the area's namespaces
 * and the admin group of the shared catalogue (its profile texts come with the profile page, which
 * the entry point brings too, and which members open too).
 */
import { addArea } from '../../lib/i18n.ts';
import enAdmin from '../../locales/en/admin.json';
import enAdminCatalog from '../../locales/en/admin-catalog.json';
import enAdminPayments from '../../locales/en/admin-payments.json';
import enAdminReferrals from '../../locales/en/admin-referrals.json';
import enAdminRequests from '../../locales/en/admin-requests.json';
import enAdminWinners from '../../locales/en/admin-winners.json';

addArea('admin', enAdmin);
addArea('admin-catalog', enAdminCatalog);
addArea('admin-payments', enAdminPayments);
addArea('admin-referrals', enAdminReferrals);
addArea('admin-requests', enAdminRequests);
addArea('admin-winners', enAdminWinners);
