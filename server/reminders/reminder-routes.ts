/** Reminders for the operator: a group's "send now" (with a preview count) and the reminder settings (admin only). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { groupRemindersAnswer, groupRemindersQuery, reminderMessages, reminderSettings, reminderSettingsAnswer } from '../../contract/reminders.ts';
import type { Database } from '../db/database.ts';
import { actorOf, type AuthHooks } from '../http/auth.ts';
import { idParam, responses } from '../http/schemas.ts';
import type { BusinessDay } from '../figures/figures.ts';
import { reminderSettings as readReminderSettings, sendGroupReminders, updateReminderSettings } from './reminder-service.ts';

export function registerReminderRoutes(app: FastifyInstance, deps: { db: Database; auth: AuthHooks; today: () => BusinessDay; appUrl: string; mailQueued: () => void }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: deps.auth.requireAdmin };

  api.post(
    '/api/admin/groups/:id/reminders',
    {
      ...admin,
      schema: {
        tags: ['groups'],
        summary: "Remind a group's members now of what they owe or what falls due this month, once per member and month (dryRun=true: only how many) (admin)",
        params: idParam,
        querystring: groupRemindersQuery,
        response: responses({ 200: groupRemindersAnswer }),
      },
    },
    async (request) => {
      const dryRun = request.query.dryRun === 'true';
      const { count, members } = await sendGroupReminders(deps.db, deps.today(), deps.appUrl, actorOf(request), request.params.id, dryRun);
      if (!dryRun && count > 0) deps.mailQueued();
      return { success: true as const, message: dryRun ? `${count}` : reminderMessages.sent(count), data: { count, members, dryRun } };
    },
  );

  api.get(
    '/api/admin/settings/reminders',
    { ...admin, schema: { tags: ['admin'], summary: 'When reminders go: days before the due date (admin)', response: responses({ 200: reminderSettingsAnswer }) } },
    async () => ({ success: true as const, data: await readReminderSettings(deps.db) }),
  );

  api.put(
    '/api/admin/settings/reminders',
    { ...admin, schema: { tags: ['admin'], summary: 'Set how many days before the due date the first reminder goes (admin)', body: reminderSettings, response: responses({ 200: reminderSettingsAnswer }) } },
    async (request) => ({ success: true as const, message: reminderMessages.settingsSaved, data: await updateReminderSettings(deps.db, actorOf(request), request.body) }),
  );
}
