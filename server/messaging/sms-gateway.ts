/**
 * SMS through any HTTP gateway that takes one request per message (SMS_GATEWAY_*, README "Phone
 * messages"): the operator writes the request's address, method, body and authorization header, with
 * {to} and {text} where the number and the words go; each is escaped for where it stands (URL, JSON or
 * form). The authorization header is a secret: it is sent and never written anywhere else.
 */
import type { Language } from '../../contract/accounts.ts';
import type { SmsGatewayConfig } from '../config.ts';
import type { ChannelMessage, PhoneProvider, SendOutcome } from './channel.ts';
import { attemptRequest, type ProviderAnswer } from './http-attempt.ts';
import { codeSmsText, messageSmsText } from './phone-texts.ts';

export class SmsGatewayProvider implements PhoneProvider {
  readonly channel = 'sms' as const;
  readonly #config: SmsGatewayConfig;
  readonly #appUrl: string;
  readonly #timeoutMs: number;

  constructor(config: SmsGatewayConfig, options: { appUrl: string; timeoutMs: number }) {
    this.#config = config;
    this.#appUrl = options.appUrl;
    this.#timeoutMs = options.timeoutMs;
  }

  send(to: string, message: ChannelMessage): Promise<SendOutcome> {
    return this.#sendText(to, messageSmsText(message, this.#appUrl));
  }

  sendCode(to: string, code: string, language: Language): Promise<SendOutcome> {
    return this.#sendText(to, codeSmsText(code, language));
  }

  #sendText(to: string, text: string): Promise<SendOutcome> {
    const { url, method, authHeader, contentType, body } = this.#config;
    const values = { to, text };
    const headers: Record<string, string> = {};
    if (authHeader) headers[authHeader.name] = authHeader.value;
    if (body !== undefined) headers['content-type'] = contentType === 'application/json' ? 'application/json; charset=utf-8' : `${contentType}; charset=utf-8`;
    return attemptRequest(
      fillIn(url, values, encodeURIComponent),
      { method, headers, body: body === undefined ? undefined : fillIn(body, values, contentType === 'application/json' ? jsonStringContent : formValue) },
      this.#timeoutMs,
      (answer) => describeAnswer(answer, authHeader?.value),
    );
  }
}

/** Puts each value where its placeholder stands, escaped for that place; a value is never read again as a template. */
function fillIn(template: string, values: { to: string; text: string }, escape: (value: string) => string): string {
  return template.replace(/\{(to|text)\}|%7B(to|text)%7D/gi, (_placeholder, plain?: string, encoded?: string) => {
    const name = (plain ?? encoded)!.toLowerCase() as 'to' | 'text';
    return escape(values[name]);
  });
}

/** Inside a JSON string: the string's own escaping without its quotes. */
const jsonStringContent = (value: string) => JSON.stringify(value).slice(1, -1);
/** A form value: spaces as +, as browsers send forms. */
const formValue = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');

/** The gateway's id when its JSON answer names one; the status and the start of its answer when it refused. */
function describeAnswer({ status, body }: ProviderAnswer, secret: string | undefined): { providerMessageId?: string; error: string } {
  const answer = typeof body === 'object' && body ? (body as Record<string, unknown>) : {};
  const id = ['id', 'messageId', 'message_id', 'sid'].map((key) => answer[key]).find((value) => typeof value === 'string' || typeof value === 'number');
  let text = typeof body === 'string' ? body : JSON.stringify(body);
  // A gateway that echoes the request must not put its key in our log.
  if (secret) text = text.replaceAll(secret, '[secret]');
  return { providerMessageId: id === undefined ? undefined : String(id), error: `SMS gateway answered ${status}: ${text.slice(0, 200)}` };
}
