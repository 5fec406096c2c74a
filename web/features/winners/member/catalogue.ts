/** The member's draw record texts (memberWinners), registered when a module that shows them loads. */
import { addArea } from '../../../lib/i18n.ts';
import enMemberWinners from '../../../locales/en/member-winners.json';

addArea('member-winners', enMemberWinners);
