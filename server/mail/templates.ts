/** The product's emails. Plain text first (phones, plain mail clients), with a simple HTML copy. */
import type { OutgoingEmail } from './transport.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * "Assalam-o-Alaikum Name," to a proven address of that person; just "Assalam-o-Alaikum," where the
 * address is not yet proven to be theirs (a registration, a new email): a name someone typed never
 * reaches a stranger's inbox.
 */
const greeting = (name: string | undefined) => (name ? `Assalam-o-Alaikum ${name},` : 'Assalam-o-Alaikum,');

function linkEmail(to: string, subject: string, greetingName: string | undefined, lines: string[], link: string, closing: string): OutgoingEmail {
  const text = [greeting(greetingName), '', ...lines, '', link, '', closing, '', 'Umrah Committee'].join('\n');
  const html = `<p>${escapeHtml(greeting(greetingName))}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}
<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(closing)}</p><p>Umrah Committee</p>`;
  return { to, subject, text, html };
}

/** To an address not yet proven to belong to whoever registered it: no name in it. */
export function verificationEmail(to: string, link: string): OutgoingEmail {
  return linkEmail(
    to,
    'Verify your email address',
    undefined,
    ['Welcome to Umrah Committee. Please confirm your email address by opening this link:'],
    link,
    'The link expires in 24 hours and works once. If you did not create an account, you can ignore this email.',
  );
}

export function passwordResetEmail(to: string, name: string, link: string): OutgoingEmail {
  return linkEmail(
    to,
    'Reset your password',
    name,
    ['We received a request to reset your password. Choose a new one with this link:'],
    link,
    'The link expires in 1 hour and works once. If you did not ask for this, you can ignore this email: your password stays as it is.',
  );
}

/** To the owner of an email someone tried to register again: says so without telling the registrant. */
export function alreadyRegisteredEmail(to: string, name: string, loginLink: string, resetLink: string): OutgoingEmail {
  return linkEmail(
    to,
    'You already have an account',
    name,
    [
      'Someone, perhaps you, tried to create a new Umrah Committee account with this email address. You already have an account, so no new one was created.',
      `If you forgot your password, you can choose a new one here: ${resetLink}`,
      'To sign in, open this link:',
    ],
    loginLink,
    'If this was not you, you can ignore this email: your account is unchanged.',
  );
}

/**
 * To a new address whose registration was not created because its CNIC belongs to another account.
 * The address is not proven to be the registrant's: no name in it.
 */
export function cnicTakenEmail(to: string): OutgoingEmail {
  const lines = [
    'We could not create your Umrah Committee account: the CNIC you entered is already registered with another account.',
    'If that account is yours, sign in with its email address. Otherwise, please contact support.',
  ];
  const text = [greeting(undefined), '', ...lines, '', 'Umrah Committee'].join('\n');
  const html = `<p>${escapeHtml(greeting(undefined))}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p>Umrah Committee</p>`;
  return { to, subject: 'Your registration was not completed', text, html };
}

/** To the new address of an email change: proves it belongs to the person. Not yet proven theirs: no name in it. */
export function confirmNewEmailEmail(to: string, link: string, currentEmail: string): OutgoingEmail {
  return linkEmail(
    to,
    'Confirm your new email address',
    undefined,
    ['Please confirm that this is your new email address for Umrah Committee:'],
    link,
    `The link expires in 24 hours and works once. Until then you sign in with ${currentEmail}. If you did not ask for this, you can ignore this email.`,
  );
}

/**
 * To the owner of an address another account tried to move its email to: no link, and nothing of
 * the other account (no name, no address). The person who asked is answered as for any email change.
 */
export function emailInUseNoticeEmail(to: string, name: string, loginLink: string): OutgoingEmail {
  return linkEmail(
    to,
    'Someone tried to use your email address',
    name,
    [
      'Someone tried to change the email address of another Umrah Committee account to this one. This address already belongs to your account, so nothing was changed.',
      'To sign in, open this link:',
    ],
    loginLink,
    'You do not need to do anything: your account is unchanged.',
  );
}
