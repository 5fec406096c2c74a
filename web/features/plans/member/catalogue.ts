/** The member's plan screens' texts (memberPlans), registered when a module that shows them loads. */
import { addCatalogue } from '../../../lib/i18n.ts';
import enMemberPlans from '../../../locales/en/member-plans.json';

addCatalogue({ en: { memberPlans: enMemberPlans } });
