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
