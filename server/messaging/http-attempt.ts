/**
 * One HTTP request to a phone provider and what became of it (channel.ts, SendOutcome): a time limit on
 * the whole exchange, so a slow provider never holds a request or the outbox; 2xx sent, 429 and 5xx and
 * any failure to reach it retry, any other answer refused for good.
 */
import type { SendOutcome } from './channel.ts';

export type ProviderAnswer = { status: number; body: unknown };

export async function attemptRequest(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  timeoutMs: number,
  describe: (answer: ProviderAnswer) => { providerMessageId?: string; error: string },
): Promise<SendOutcome> {
  let answer: ProviderAnswer;
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    const text = await response.text();
    answer = { status: response.status, body: parseJson(text) ?? text };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    // The cause names the host or the socket's error; never the headers, which carry the secret.
    return { outcome: 'retry', error: timedOut ? `no answer within ${timeoutMs} ms` : `not reached: ${causeOf(error)}` };
  }
  const { providerMessageId, error } = describe(answer);
  if (answer.status >= 200 && answer.status < 300) return providerMessageId ? { outcome: 'sent', providerMessageId } : { outcome: 'sent' };
  if (answer.status === 429 || answer.status >= 500) return { outcome: 'retry', error };
  return { outcome: 'failed', error };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function causeOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = (cause as { code?: unknown })?.code;
  return typeof code === 'string' ? code : cause instanceof Error ? cause.message : String(cause);
}
