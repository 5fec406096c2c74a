/** The member's payment screens' texts (memberPayments), registered when a module that shows them loads. */
import { addArea } from '../../../lib/i18n.ts';
import enMemberPayments from '../../../locales/en/member-payments.json';

addArea('member-payments', enMemberPayments);
