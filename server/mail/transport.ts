/**
 * Where mail goes: a real SMTP server when SMTP_URL is set; otherwise the server log, which then
 * prints each message in full, links included (the README says so). This is the only place a link
 * may reach the log.
 */
import nodemailer from 'nodemailer';
import type { Logger } from '../logger.ts';

/** `headers`: any beside To and Subject, by name (a reminder's List-Unsubscribe). */
export type OutgoingEmail = { to: string; subject: string; text: string; html?: string; headers?: Record<string, string> };

export interface MailTransport {
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

export function createMailTransport(options: { smtpUrl?: string; from: string; logger: Logger }): MailTransport {
  if (!options.smtpUrl) {
    return {
      send: async (email) => {
        options.logger.info({ mail: { to: email.to, subject: email.subject, text: email.text } }, 'email (SMTP_URL not set, so printed here)');
      },
      close: () => {},
    };
  }
  const transporter = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    send: async (email) => {
      await transporter.sendMail({ from: options.from, ...email });
    },
    close: () => transporter.close(),
  };
}
