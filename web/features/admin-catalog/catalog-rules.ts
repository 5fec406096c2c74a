/**
 * The pure rules of the plans, groups and bank accounts screens (admin document §2, §5, §9), kept
 * apart from the components so that they can be tested on their own.
 */
import { multiplyAmount, toPaisa } from '../../../contract/money.ts';

/** Plan form defaults (admin document §9). */
export const PLAN_FORM_DEFAULTS = { monthlyAmount: 5000, duration: 30, maxMembers: 200, packageType: 'economy' } as const;
/** Group form: max members 1 to 500, default 20 (admin document §9). */
export const GROUP_MAX_MEMBERS = 500;
export const GROUP_DEFAULT_MAX_MEMBERS = 20;
/** The dashboard's groups list asks for at most this many groups (admin document §9). */
export const GROUPS_LIST_LIMIT = 50;
/** A plan card lists at most this many benefits, then '+N more benefits'. */
export const PLAN_CARD_BENEFITS = 4;
/** How long the copy button shows its tick (admin document §9). */
export const COPY_TICK_MS = 2_000;

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

/** 'YYYY-MM-DD' plus a number of months; a day past the end of the month becomes its last day (as the server does). */
export function addMonthsToDate(date: string, months: number): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match || !Number.isInteger(months)) return '';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  return `${targetYear}-${String(targetMonth).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
}

/** A group's end date: its start date plus the plan's duration in months; '' until both are known. */
export function groupEndDate(startDate: string | undefined, planDuration: number | undefined): string {
  if (!startDate || !planDuration || planDuration < 1) return '';
  return addMonthsToDate(startDate.slice(0, 10), planDuration);
}

/** A plan's max members as a group's default: capped at the group limit of 500. */
export function groupMaxMembersFromPlan(planMaxMembers: number): number {
  return Math.max(1, Math.min(planMaxMembers, GROUP_MAX_MEMBERS));
}

/** The number the server gives a new group of a plan: one more than the highest numeric group number. */
export function nextGroupNumber(groups: readonly { groupNumber: string }[]): number {
  const numbers = groups.map((g) => g.groupNumber).filter((n) => /^\d{1,6}$/.test(n)).map(Number);
  return (numbers.length ? Math.max(...numbers) : 0) + 1;
}

/** Whether a group may be deleted: one with members is refused before any call (admin document §5). */
export function groupDeleteCheck(group: { currentMembers: number }): { allowed: true } | { allowed: false; members: number } {
  return group.currentMembers > 0 ? { allowed: false, members: group.currentMembers } : { allowed: true };
}

/** Members as a share of the maximum, 0 to 100, for the progress bar. */
export function memberProgress(current: number, max: number): number {
  if (!max || max <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((current / max) * 100)));
}

export type BankIconKind = 'mobile' | 'bank' | 'generic';

/** The bank icon by name (admin document §2): easypaisa or jazzcash a mobile icon; hbl, ubl or mcb a bank icon. */
export function bankIconKind(bankName: string | null | undefined): BankIconKind {
  const name = (bankName ?? '').toLowerCase();
  if (name.includes('easypaisa') || name.includes('jazzcash')) return 'mobile';
  if (name.includes('hbl') || name.includes('ubl') || name.includes('mcb')) return 'bank';
  return 'generic';
}

export type AccountTypeKey = 'current' | 'savings' | 'mobile' | 'other';

/** The type badge: 'Mobile Account' is shown as 'Mobile'. */
export function accountTypeKey(accountType: string | null | undefined): AccountTypeKey {
  switch ((accountType ?? '').trim().toLowerCase()) {
    case 'current':
      return 'current';
    case 'savings':
      return 'savings';
    case 'mobile account':
    case 'mobile':
      return 'mobile';
    default:
      return 'other';
  }
}

/** Whether "Set as Default" is offered: only for an active account that is not already the default. */
export const canSetDefault = (account: { isActive: boolean; isDefault: boolean }) => account.isActive && !account.isDefault;

/** A calendar day or a moment, written one way across the app. */
export { formatDate } from '../../lib/format.ts';

/** Today as 'YYYY-MM-DD' in local time (the date input's value). */
export function todayIso(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
