/**
 * WhatsApp through Meta's WhatsApp Business Cloud API: every message is an approved template (a
 * business may not write first to a member in free text), named per kind in the configuration
 * (WHATSAPP_TEMPLATES, decision 057), in the member's language (template language en or ur).
 *
 * A kind's template takes three body parameters: {{1}} the title, {{2}} the body, {{3}} the link to the
 * app. The code's template is an authentication template: the code as its body parameter and again as
 * the parameter of its copy-code button, as Meta documents it.
 */
import type { Language } from '../../contract/accounts.ts';
import type { WhatsAppConfig } from '../config.ts';
import type { ChannelMessage, PhoneProvider, SendOutcome } from './channel.ts';
import { attemptRequest, type ProviderAnswer } from './http-attempt.ts';

type TemplateComponent = { type: string; sub_type?: string; index?: string; parameters: { type: 'text'; text: string }[] };

export class WhatsAppCloudProvider implements PhoneProvider {
  readonly channel = 'whatsapp' as const;
  readonly #config: WhatsAppConfig;
  readonly #appUrl: string;
  readonly #timeoutMs: number;

  constructor(config: WhatsAppConfig, options: { appUrl: string; timeoutMs: number }) {
    this.#config = config;
    this.#appUrl = options.appUrl;
    this.#timeoutMs = options.timeoutMs;
  }

  send(to: string, message: ChannelMessage): Promise<SendOutcome> {
    const parameters = [message.title, message.body, `${this.#appUrl}${message.url}`].map((text) => ({ type: 'text' as const, text: templateText(text) }));
    return this.#sendTemplate(to, this.#config.templates[message.kind], message.language, [{ type: 'body', parameters }]);
  }

  sendCode(to: string, code: string, language: Language): Promise<SendOutcome> {
    const parameter = [{ type: 'text' as const, text: code }];
    return this.#sendTemplate(to, this.#config.templates.code, language, [
      { type: 'body', parameters: parameter },
      { type: 'button', sub_type: 'url', index: '0', parameters: parameter },
    ]);
  }

  #sendTemplate(to: string, name: string, language: Language, components: TemplateComponent[]): Promise<SendOutcome> {
    const body = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      // The Cloud API takes the number with its country code and without the plus.
      to: to.replace(/^\+/, ''),
      type: 'template',
      template: { name, language: { code: language }, components },
    };
    return attemptRequest(
      `${this.#config.apiUrl}/${encodeURIComponent(this.#config.phoneNumberId)}/messages`,
      { method: 'POST', headers: { authorization: `Bearer ${this.#config.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) },
      this.#timeoutMs,
      describeAnswer,
    );
  }
}

/** A template parameter may hold no line break, tab or run of more than four spaces: Meta refuses the message. */
function templateText(text: string): string {
  return text.replace(/[\r\n\t]+/g, ' ').replace(/ {4,}/g, '   ').trim();
}

/** Meta's answer: { messages: [{ id }] } when accepted; { error: { message, type, code } } when not. */
function describeAnswer({ status, body }: ProviderAnswer): { providerMessageId?: string; error: string } {
  const answer = (typeof body === 'object' && body ? body : {}) as { messages?: { id?: unknown }[]; error?: { message?: unknown; code?: unknown } };
  const id = answer.messages?.[0]?.id;
  const error = answer.error;
  const described = error ? `${typeof error.message === 'string' ? error.message : 'error'} (code ${String(error.code ?? 'none')})` : 'no error in the answer';
  return { providerMessageId: typeof id === 'string' ? id : undefined, error: `WhatsApp answered ${status}: ${described}` };
}
