/**
 * Local stand-ins for the phone providers, speaking their real HTTP (tests only): Meta's WhatsApp Cloud
 * API and a generic SMS gateway. Each checks what a real one would refuse (the path, the token or the
 * authorization header, the shape of the message) and answers as the real one does; a test may make
 * the next answers fail (a status) or never come (a hang, for the time limit).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Planned = { status: number; body: unknown } | 'hang';

/** A request as the fake received it. */
export type Received = { method: string; path: string; headers: http.IncomingHttpHeaders; body: string };

type Fake = { url: string; received: Received[]; answerNext(...answers: Planned[]): void; close(): Promise<void> };

async function startFake(handle: (request: Received) => { status: number; body: unknown }): Promise<Fake> {
  const planned: Planned[] = [];
  const received: Received[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
      received.push(request);
      const plan = planned.shift();
      if (plan === 'hang') {
        hanging.add(res);
        return;
      }
      const { status, body: answer } = plan ?? handle(request);
      res.writeHead(status, { 'content-type': typeof answer === 'string' ? 'text/plain' : 'application/json' });
      res.end(typeof answer === 'string' ? answer : JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answerNext: (...answers) => planned.push(...answers),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An approved template as Meta holds it: its name, language and how many body parameters it takes; a code template has a copy-code button. */
export type ApprovedTemplate = { name: string; language: string; bodyParameters: number; copyCodeButton?: boolean };

const metaError = (status: number, message: string, type: string, code: number) => ({ status, body: { error: { message, type, code, fbtrace_id: 'AbCdEf123' } } });

type TemplateMessage = {
  messaging_product?: unknown;
  to?: unknown;
  type?: unknown;
  template?: { name?: unknown; language?: { code?: unknown }; components?: { type?: unknown; sub_type?: unknown; index?: unknown; parameters?: { type?: unknown; text?: unknown }[] }[] };
};

/**
 * Meta's WhatsApp Cloud API: POST /{version}/{phone number id}/messages with the bearer token and a
 * template message; answers { messaging_product, contacts, messages: [{ id }] }, or { error } as Meta does.
 * `sent` lists each accepted message: the number, the template and its body parameters.
 */
export async function startWhatsAppFake(options: { phoneNumberId: string; token: string; templates: ApprovedTemplate[] }) {
  const sent: { to: string; template: string; language: string; parameters: string[]; buttonParameters: string[] }[] = [];
  let count = 0;
  const fake = await startFake(({ method, path, headers, body }) => {
    if (method !== 'POST' || path !== `/v21.0/${options.phoneNumberId}/messages`) return metaError(400, 'Unsupported post request.', 'GraphMethodException', 100);
    if (headers.authorization !== `Bearer ${options.token}`) return metaError(401, 'Invalid OAuth access token - Cannot parse access token', 'OAuthException', 190);
    let message: TemplateMessage;
    try {
      message = JSON.parse(body) as TemplateMessage;
    } catch {
      return metaError(400, 'Invalid parameter', 'OAuthException', 100);
    }
    if (message.messaging_product !== 'whatsapp' || message.type !== 'template' || typeof message.to !== 'string' || !/^[0-9]{8,15}$/.test(message.to)) {
      return metaError(400, '(#100) Invalid parameter', 'OAuthException', 100);
    }
    const template = options.templates.find((t) => t.name === message.template?.name && t.language === message.template?.language?.code);
    if (!template) return metaError(404, '(#132001) Template name does not exist in the translation', 'OAuthException', 132001);
    const components = message.template?.components ?? [];
    const texts = (component: (typeof components)[number] | undefined) =>
      (component?.parameters ?? []).map((parameter) => (parameter.type === 'text' && typeof parameter.text === 'string' ? parameter.text : undefined));
    const parameters = texts(components.find((c) => c.type === 'body'));
    const button = components.find((c) => c.type === 'button');
    const buttonParameters = texts(button);
    const wellFormed = (values: (string | undefined)[]) => values.every((text) => text !== undefined && !/[\n\t]| {5,}/.test(text));
    if (parameters.length !== template.bodyParameters || !wellFormed(parameters)) {
      return metaError(400, '(#132000) Number of parameters does not match the expected number of params', 'OAuthException', 132000);
    }
    if (template.copyCodeButton && (button?.sub_type !== 'url' || button.index !== '0' || buttonParameters.length !== 1 || !wellFormed(buttonParameters))) {
      return metaError(400, '(#131008) Required parameter is missing: button', 'OAuthException', 131008);
    }
    count++;
    sent.push({ to: message.to, template: template.name, language: template.language, parameters: parameters as string[], buttonParameters: buttonParameters as string[] });
    const id = `wamid.HBgLOTIzMDAxMjM0NTY3FQIAERgS${String(count).padStart(6, '0')}`;
    return { status: 200, body: { messaging_product: 'whatsapp', contacts: [{ input: message.to, wa_id: message.to }], messages: [{ id }] } };
  });
  return { ...fake, apiUrl: `${fake.url}/v21.0`, sent };
}

/**
 * A generic SMS gateway: POST /send with the authorization header, and a JSON or form body holding the
 * number and the text (fields named `to` and `text`); answers { id, status: 'queued' }, 401 without the
 * header. `sent` lists each accepted SMS.
 */
export async function startSmsGatewayFake(options: { authHeader: { name: string; value: string }; onSms?: (sms: { to: string; text: string }) => void }) {
  const sent: { to: string; text: string }[] = [];
  const fake = await startFake(({ method, path, headers, body }) => {
    if (headers[options.authHeader.name.toLowerCase()] !== options.authHeader.value) return { status: 401, body: { error: 'unauthorized' } };
    if (method !== 'POST' || path !== '/send') return { status: 404, body: { error: 'no such endpoint' } };
    const type = String(headers['content-type'] ?? '');
    let fields: Record<string, unknown>;
    try {
      fields = type.startsWith('application/json') ? (JSON.parse(body) as Record<string, unknown>) : Object.fromEntries(new URLSearchParams(body));
    } catch {
      return { status: 400, body: { error: 'body is not JSON' } };
    }
    if (typeof fields.to !== 'string' || !/^\+[0-9]{8,15}$/.test(fields.to) || typeof fields.text !== 'string' || fields.text === '') {
      return { status: 400, body: { error: 'to and text are required' } };
    }
    const sms = { to: fields.to, text: fields.text };
    sent.push(sms);
    options.onSms?.(sms);
    return { status: 200, body: { id: `sms-${sent.length}`, status: 'queued' } };
  });
  return { ...fake, sendUrl: `${fake.url}/send`, sent };
}
