/** The member's plan screens' texts (memberPlans), registered when a module that shows them loads. */
import { addArea } from '../../../lib/i18n.ts';
import enMemberPlans from '../../../locales/en/member-plans.json';

addArea('member-plans', enMemberPlans);
