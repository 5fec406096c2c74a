/** Calls of the admin's plans screen (admin document §7), read through their answers' schemas (contract/plans.ts). */
import type { z } from 'zod';
import { planAnswer, planListAnswer, type plan, type PlanBody } from '../../../../contract/plans.ts';
import { messageAnswer } from '../../../../contract/answers.ts';
import { api, readAnswer } from '../../../lib/api-client.ts';
import { adminCatalogueKey } from '../../../lib/query-keys.ts';

export type Plan = z.output<typeof plan>;

/** React Query keys of the plans screen, under the catalogue's root (lib/query-keys.ts). */
export const planKeys = {
  plans: () => [...adminCatalogueKey, 'plans'] as const,
};

const planPath = (id: string) => `/committee-plans/${encodeURIComponent(id)}`;

export const planApi = {
  listPlans: async (signal?: AbortSignal): Promise<Plan[]> =>
    readAnswer(planListAnswer, await api.get('/committee-plans', { includeInactive: true, status: 'all', limit: 100 }, { signal })).data.plans,
  /** The plan as created. */
  createPlan: async (body: PlanBody): Promise<Plan> => readAnswer(planAnswer, await api.post('/committee-plans', body, { retries: 0 })).plan,
  /** The plan as saved. */
  updatePlan: async (id: string, body: PlanBody): Promise<Plan> => readAnswer(planAnswer, await api.put(planPath(id), body)).plan,
  /** The plan, now active or not. */
  setPlanActive: async (id: string, isActive: boolean): Promise<Plan> =>
    readAnswer(planAnswer, await api.put(`${planPath(id)}/${isActive ? 'activate' : 'deactivate'}`)).plan,
  /** What the server says it did. */
  deletePlan: async (id: string): Promise<string> => readAnswer(messageAnswer, await api.delete(planPath(id), { retries: 0 })).message,
};
