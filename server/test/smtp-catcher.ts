/** A real SMTP server in the test process that keeps what it receives (tests only). */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CaughtEmail = { to: string[]; raw: string; text: string };

/** Undoes quoted-printable soft line breaks and escapes so that a long link reads whole. */
export function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export async function startSmtpCatcher(onEmail?: (email: CaughtEmail) => void) {
  const received: CaughtEmail[] = [];
  let refuse = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        if (refuse) return callback(new Error('mailbox unavailable'));
        const email = { to: session.envelope.rcptTo.map((r) => r.address), raw, text: decodeQuotedPrintable(raw) };
        received.push(email);
        onEmail?.(email);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    setRefusing: (value: boolean) => {
      refuse = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
