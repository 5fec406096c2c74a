/** Reminders (docs/rules.md "Reminders"): the operator's settings, a group's "send now", and their answers. */
import { z } from 'zod';
import { answerCode } from './answers.ts';

export const reminderMessages = {
  daysBefore: 'Days before must be a whole number from 1 to 14.',
  settingsSaved: 'Reminder settings saved',
  sent: (count: number) => (count === 1 ? '1 reminder sent' : `${count} reminders sent`),
  emailsOff: 'Reminder emails are off. You can turn them on again in your profile.',
  unsubscribeLinkInvalid: 'This unsubscribe link is not valid.',
  oneClickBody: 'The body must be List-Unsubscribe=One-Click.',
} as const;

/** GET/PUT /api/admin/settings/reminders: how many days before the due date the first reminder goes. */
export const reminderSettings = z.object({
  daysBefore: z.coerce.number({ error: reminderMessages.daysBefore }).int(reminderMessages.daysBefore).min(1, reminderMessages.daysBefore).max(14, reminderMessages.daysBefore),
});
export type ReminderSettings = z.output<typeof reminderSettings>;
export const reminderSettingsAnswer = z.object({ success: z.literal(true), code: answerCode, message: z.string().optional(), data: reminderSettings });

/** POST /api/admin/groups/{id}/reminders?dryRun=true: how many reminders would go, to how many members. */
export const groupRemindersQuery = z.object({
  dryRun: z.enum(['true', 'false'], { error: 'dryRun must be true or false.' }).optional(),
});
export const groupRemindersAnswer = z.object({ success: z.literal(true), code: answerCode, message: z.string(), data: z.object({ count: z.number().int(), members: z.number().int(), dryRun: z.boolean() }) });

/**
 * POST /api/unsubscribe/{token}: the one-click unsubscribe of a reminder email (RFC 8058). The token is
 * the proof (no session); the body is the form field mail providers send.
 */
export const unsubscribeParams = z.object({ token: z.string().max(200) });
export const unsubscribeBody = z.object({ 'List-Unsubscribe': z.literal('One-Click', { error: reminderMessages.oneClickBody }) });
