/**
 * The account pages' texts (sign-in, registration, password reset, e-mail verification, two-factor),
 * registered when a module that shows them loads, so that the first load of the other pages does not
 * carry them.
 */
import { addArea } from '../../lib/i18n.ts';
import enAuth from '../../locales/en/auth.json';

addArea('auth', enAuth);
