/**
 * The texts of the member's payment screens opened from the dashboard (the Payments tab, a month's
 * details, the Submit Payment form, the payment page), merged into memberPayments when one of them
 * loads: the dashboard's first load carries only the texts it shows (catalogue.ts).
 */
import { addArea } from '../../../lib/i18n.ts';
import enMemberPaymentsScreens from '../../../locales/en/member-payments-screens.json';
import './catalogue.ts';

addArea('member-payments-screens', enMemberPaymentsScreens);
