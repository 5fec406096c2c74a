/** Calls of the admin's plans screen (admin document §7), with their answer shapes (contract/plans.ts). */
import type { z } from 'zod';
import type { plan, planAnswer, PlanBody, planListAnswer } from '../../../../contract/plans.ts';
import type { messageAnswer } from '../../../../contract/answers.ts';
import { api } from '../../../lib/api-client.ts';
import { adminCatalogueKey } from '../../../lib/query-keys.ts';

export type Plan = z.output<typeof plan>;

/** React Query keys of the plans screen, under the catalogue's root (lib/query-keys.ts). */
export const planKeys = {
  plans: () => [...adminCatalogueKey, 'plans'] as const,
};

export const planApi = {
  listPlans: (signal?: AbortSignal) =>
    api
      .get<z.output<typeof planListAnswer>>('/committee-plans', { includeInactive: true, status: 'all', limit: 100 }, { signal })
      .then((r) => r.data.plans),
  createPlan: (body: PlanBody) => api.post<z.output<typeof planAnswer>>('/committee-plans', body, { retries: 0 }),
  updatePlan: (id: string, body: PlanBody) => api.put<z.output<typeof planAnswer>>(`/committee-plans/${encodeURIComponent(id)}`, body),
  setPlanActive: (id: string, isActive: boolean) =>
    api.put<z.output<typeof planAnswer>>(`/committee-plans/${encodeURIComponent(id)}/${isActive ? 'activate' : 'deactivate'}`),
  deletePlan: (id: string) => api.delete<z.output<typeof messageAnswer>>(`/committee-plans/${encodeURIComponent(id)}`, { retries: 0 }),
};
