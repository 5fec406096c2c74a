/** The product's emails. Plain text first (phones, plain mail clients), with a simple HTML copy. */
import type { OutgoingEmail } from './transport.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function linkEmail(to: string, subject: string, greetingName: string, lines: string[], link: string, closing: string): OutgoingEmail {
  const text = [`Assalam-o-Alaikum ${greetingName},`, '', ...lines, '', link, '', closing, '', 'Umrah Committee'].join('\n');
  const html = `<p>Assalam-o-Alaikum ${escapeHtml(greetingName)},</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}
<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(closing)}</p><p>Umrah Committee</p>`;
  return { to, subject, text, html };
}

export function verificationEmail(to: string, name: string, link: string): OutgoingEmail {
  return linkEmail(
    to,
    'Verify your email address',
    name,
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

/** To a new address whose registration was not created because its CNIC belongs to another account. */
export function cnicTakenEmail(to: string, name: string): OutgoingEmail {
  const lines = [
    'We could not create your Umrah Committee account: the CNIC you entered is already registered with another account.',
    'If that account is yours, sign in with its email address. Otherwise, please contact support.',
  ];
  const text = [`Assalam-o-Alaikum ${name},`, '', ...lines, '', 'Umrah Committee'].join('\n');
  const html = `<p>Assalam-o-Alaikum ${escapeHtml(name)},</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p>Umrah Committee</p>`;
  return { to, subject: 'Your registration was not completed', text, html };
}
