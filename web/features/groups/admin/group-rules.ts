/** The pure rules of the admin's groups screens (admin document §2, §5, §9), kept apart from the components so that they can be tested on their own. */

/** Group form: max members 1 to 500, default 20 (admin document §9). */
export const GROUP_MAX_MEMBERS = 500;
export const GROUP_DEFAULT_MAX_MEMBERS = 20;
/** The dashboard's groups list asks for at most this many groups (admin document §9). */
export const GROUPS_LIST_LIMIT = 50;

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

/** Today as 'YYYY-MM-DD' in local time (the date input's value). */
export function todayIso(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
