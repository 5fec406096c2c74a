/** The member's draw record texts (memberWinners), registered when a module that shows them loads. */
import { addCatalogue } from '../../../lib/i18n.ts';
import enMemberWinners from '../../../locales/en/member-winners.json';

addCatalogue({ en: { memberWinners: enMemberWinners } });
