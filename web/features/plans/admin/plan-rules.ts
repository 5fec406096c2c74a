/** The pure rules of the admin's plans screen (admin document §2, §5, §9), kept apart from the components so that they can be tested on their own. */
import { multiplyAmount, toPaisa } from '../../../../contract/money.ts';

/** Plan form defaults (admin document §9). */
export const PLAN_FORM_DEFAULTS = { monthlyAmount: 5000, duration: 30, maxMembers: 200, packageType: 'economy' } as const;
/** A plan card lists at most this many benefits, then '+N more benefits'. */
export const PLAN_CARD_BENEFITS = 4;

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Total = monthly × duration, exactly in paisa; undefined while either is not a number. */
export function totalFromMonthly(monthly: unknown, duration: unknown): number | undefined {
  if (!isNumber(monthly) || !isNumber(duration)) return undefined;
  return multiplyAmount(monthly, duration);
}

/** Monthly = total ÷ duration, to 2 decimals (whole paisa); undefined without a usable duration. */
export function monthlyFromTotal(total: unknown, duration: unknown): number | undefined {
  if (!isNumber(total) || !isNumber(duration) || duration <= 0) return undefined;
  return Math.round(toPaisa(total) / duration) / 100;
}

/** The benefits a plan card shows, and how many are left for '+N more benefits'. */
export function cardBenefits(benefits: readonly string[], max = PLAN_CARD_BENEFITS): { shown: string[]; more: number } {
  const list = benefits.filter((b) => b.trim().length > 0);
  return { shown: list.slice(0, max), more: Math.max(0, list.length - max) };
}

export type PackageLabelKey = 'economy' | 'premium' | 'luxury' | 'standard';

/** Which package label a card shows: unknown or empty types fall back to 'Standard Package'. */
export function packageLabelKey(packageType: string | null | undefined): PackageLabelKey {
  const type = packageType?.trim().toLowerCase();
  return type === 'economy' || type === 'premium' || type === 'luxury' ? type : 'standard';
}

export type PlanStatusFilter = 'all' | 'active' | 'inactive';

/** Plans matching a search on name or description and a status filter (client side: all plans are loaded for the counters). */
export function filterPlans<T extends { name: string; description?: string | null; isActive: boolean }>(
  plans: readonly T[],
  search: string,
  status: PlanStatusFilter,
): T[] {
  const needle = search.trim().toLowerCase();
  return plans.filter((plan) => {
    if (status === 'active' && !plan.isActive) return false;
    if (status === 'inactive' && plan.isActive) return false;
    if (!needle) return true;
    return plan.name.toLowerCase().includes(needle) || (plan.description ?? '').toLowerCase().includes(needle);
  });
}

/** Drops empty benefit rows and trims the others (admin document §5). */
export function cleanBenefits(benefits: readonly string[]): string[] {
  return benefits.map((b) => b.trim()).filter((b) => b.length > 0);
}

