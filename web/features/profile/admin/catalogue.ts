/**
 * The profile page's texts (the member's /profile and the admin's /admin/profile share the page, with
 * the two-factor card's admin.profile texts), registered when the page's code loads. The page also
 * shows account texts (fields, two-factor messages).
 */
import '../../accounts/index.ts';
import { addArea } from '../../../lib/i18n.ts';
import enAdminProfile from '../../../locales/en/admin-profile.json';
import enProfile from '../../../locales/en/profile.json';

addArea('profile', enProfile);
addArea('admin-profile', enAdminProfile);
