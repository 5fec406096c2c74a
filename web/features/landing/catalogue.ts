/** The landing page's texts, registered when the page's code loads: the other pages do not carry them. */
import { addArea } from '../../lib/i18n.ts';
import enLanding from '../../locales/en/landing.json';

addArea('landing', enLanding);
