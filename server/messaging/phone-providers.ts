/**
 * The phone providers the configuration names (config.ts, PhoneConfig): WhatsApp, the SMS gateway,
 * either, both or neither. A phone's confirmation code goes by WhatsApp when it is configured, else by SMS.
 */
import type { PhoneConfig } from '../config.ts';
import type { PhoneChannel, PhoneProvider } from './channel.ts';
import { SmsGatewayProvider } from './sms-gateway.ts';
import { WhatsAppCloudProvider } from './whatsapp-cloud.ts';

export type PhoneProviders = Partial<Record<PhoneChannel, PhoneProvider>>;

export function createPhoneProviders(config: PhoneConfig, appUrl: string): PhoneProviders {
  const options = { appUrl, timeoutMs: config.timeoutMs };
  // Only the configured ones: the outbox writes to a channel exactly when it has a provider here.
  const providers: PhoneProviders = {};
  if (config.whatsapp) providers.whatsapp = new WhatsAppCloudProvider(config.whatsapp, options);
  if (config.sms) providers.sms = new SmsGatewayProvider(config.sms, options);
  return providers;
}

/** The provider a confirmation code goes through: WhatsApp when configured, else SMS; none when neither is. */
export function codeProvider(providers: PhoneProviders): PhoneProvider | undefined {
  return providers.whatsapp ?? providers.sms;
}
