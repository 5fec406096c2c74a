/** /api/profile/phone: the signed-in member confirms their profile's phone with a code sent to it (decision 057). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { phoneCodeSentAnswer, phoneConfirmBody, phoneConfirmedAnswer, phoneMessages } from '../../contract/phone-confirmation.ts';
import type { Database } from '../db/database.ts';
import { actorOf, type AuthHooks } from '../http/auth.ts';
import type { AttemptCounter } from '../http/attempt-counter.ts';
import { responses } from '../http/schemas.ts';
import { Throttle } from '../http/throttle.ts';
import type { PhoneProvider } from '../messaging/channel.ts';
import { confirmPhone, sendPhoneCode } from './phone-confirmation-service.ts';
import { toProfileUser } from './profile-service.ts';

/** Codes one member may be sent in an hour, whatever the minute between them. */
const CODES_PER_HOUR = 5;

export function registerPhoneConfirmationRoutes(
  app: FastifyInstance,
  deps: { db: Database; auth: AuthHooks; attempts: AttemptCounter; provider: PhoneProvider | undefined },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const member = { onRequest: deps.auth.requireUser };
  const sends = new Throttle(deps.attempts, 'phone-code', CODES_PER_HOUR, 60 * 60 * 1000);

  api.post(
    '/api/profile/phone/confirmation',
    {
      ...member,
      schema: {
        tags: ['profile'],
        summary: "Send a 6-digit code to my profile's phone, by WhatsApp when it is set up, else by SMS",
        description:
          'The code is good for 10 minutes and 5 tries; a new one replaces it. 400 with a `phone` field error when the profile has no phone or one no code can reach; 409 when it is confirmed already or no provider is set up; 429 within a minute of the last code (`retryAt`) or after 5 codes in an hour; 503 when the provider fails (no code is kept).',
        response: responses({ 200: phoneCodeSentAnswer }),
      },
    },
    async (request) => {
      const data = await sendPhoneCode({ db: deps.db, provider: deps.provider, sends, logger: request.log }, actorOf(request));
      return { success: true as const, message: phoneMessages.codeSent, data };
    },
  );

  api.post(
    '/api/profile/phone/confirm',
    {
      ...member,
      schema: {
        tags: ['profile'],
        summary: 'Confirm my phone with the code sent to it',
        description:
          'A wrong code is 400 with a `code` field error and `triesLeft`; 409 when no code was asked for (or the phone changed since), it expired, or its 5 tries are used up.',
        body: phoneConfirmBody,
        response: responses({ 200: phoneConfirmedAnswer }),
      },
    },
    async (request) => {
      const user = toProfileUser(await confirmPhone(deps.db, actorOf(request), request.body.code));
      return { success: true as const, message: phoneMessages.confirmed, user, data: { user } };
    },
  );
}
