/** GET /api/admin/exports/{kind}.csv: what an admin list's filter shows, as a spreadsheet (admin only). */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import type { AuthHooks } from '../http/auth.ts';
import type { BusinessDay } from '../payments/figures.ts';

export type ExportDeps = { db: Database; auth: AuthHooks; today: () => BusinessDay };

export function registerExportRoutes(_app: FastifyInstance, _deps: ExportDeps) {
  // The routes are added here.
}
