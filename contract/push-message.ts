/**
 * What a push message carries to the app's service worker: the notification's words in the member's
 * language and the screen of the app it opens.
 */
import * as z from 'zod/mini';

export const pushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** A path inside the app, such as /dashboard/payments. */
  url: z.string(),
  tag: z.optional(z.string()),
  lang: z.enum(['en', 'ur']),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;
