/**
 * The account pages (sign-in, registration, password reset, e-mail verification): the router loads
 * each page's module on its own (app/router.tsx). This entry brings the account texts (fields,
 * two-factor messages), which the profile page shows too; it stays that small, so that a screen
 * importing it does not bring any account page with it.
 */
import './catalogue.ts';
