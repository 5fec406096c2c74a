/**
 * Steps of the monthly-draw journeys (admin document §2 "Winner Management": Winner Selection,
 * Winner Management, Statistics; member document §2 "My Groups tab"), done through the pages by
 * their labels. Months are named as the app names them: in Karachi time (RULES §2).
 */
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import type { Member } from './journeys.ts';
import { memberInOwnBrowser, type Period } from './instalments.ts';
import type { AdminApi } from './owed.ts';
import {
  addBankAccountThroughUi,
  approveThroughUi,
  createPlanThroughUi,
  escapeRegExp,
  newBankAccount,
  newPlan,
  openAdminPage,
  planRequestItem,
  signInAsAdmin,
  subscribeThroughUi,
  type BankAccountInput,
  type PlanInput,
} from './plans.ts';

export interface GroupMember {
  member: Member;
  /** The member's own page (a browser context of their own), on the dashboard. */
  page: Page;
}

export interface FullGroup {
  plan: PlanInput;
  account: BankAccountInput;
  groupNumber: string;
  members: [GroupMember, GroupMember];
  close: () => Promise<void>;
}

/**
 * On Plan Requests: 'Approve' the member's request into a group the plan already has, by choosing
 * it in 'Committee group' ('Group {n}: {current} of {max} members, {free} free'), the one group choice.
 */
export async function approveIntoExistingGroup(admin: Page, planName: string, memberName: string, groupNumber: string): Promise<void> {
  await planRequestItem(admin, planName, memberName).getByRole('button', { name: 'Approve', exact: true }).click();
  const dialog = admin.getByRole('dialog', { name: 'Approve Payment Request' });
  await expect(dialog).toBeVisible();
  const group = dialog.getByLabel('Committee group', { exact: true });
  const option = group.getByRole('option', { name: new RegExp(`^Group ${escapeRegExp(groupNumber)}: \\d+ of \\d+ members, \\d+ free$`) });
  await expect(option).toHaveCount(1);
  await group.selectOption({ label: (await option.textContent()) ?? '' });
  await expect(dialog.getByLabel('Committee group number', { exact: true })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Approve & Assign' }).click();
  // The first approval's toast (same text) may still be fading out: either one will do.
  await expect(admin.getByText(`Payment approved and user assigned to committee group ${groupNumber} successfully`).first()).toBeVisible();
  await expect(dialog).toBeHidden();
}

/**
 * Through the pages: the admin (signed in on `admin`) creates a plan of two members and `duration`
 * months and a bank account; two new members subscribe, each in a browser of their own; the admin
 * approves the first into a new group and the second into the same one. The group starts this
 * month (Karachi).
 */
export async function groupOfTwo(admin: Page, browser: Browser, label: string, options: { duration: number; groupNumber?: string }): Promise<FullGroup> {
  const plan: PlanInput = { ...newPlan(label), maxMembers: 2, duration: options.duration };
  const account = newBankAccount(label);
  const groupNumber = options.groupNumber ?? 'A1';

  await signInAsAdmin(admin);
  await createPlanThroughUi(admin, plan);
  await addBankAccountThroughUi(admin, account);

  const opened: { close: () => Promise<void> }[] = [];
  const close = async () => {
    for (const own of opened) await own.close();
  };
  try {
    const first = await memberInOwnBrowser(browser, `${label}-one`);
    opened.push(first);
    await subscribeThroughUi(first.page, plan.name, account);
    const second = await memberInOwnBrowser(browser, `${label}-two`);
    opened.push(second);
    await subscribeThroughUi(second.page, plan.name, account);

    await openAdminPage(admin, 'Plan Requests', /\/admin\/plan-requests$/);
    await approveThroughUi(admin, plan.name, first.member.name, groupNumber, { newGroup: true });
    await approveIntoExistingGroup(admin, plan.name, second.member.name, groupNumber);
    return {
      plan,
      account,
      groupNumber,
      members: [
        { member: first.member, page: first.page },
        { member: second.member, page: second.page },
      ],
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Opens /admin/winners from the sidebar ('Winner Management'). */
export async function openAdminWinners(admin: Page): Promise<void> {
  await openAdminPage(admin, 'Winner Management', /\/admin\/winners(\?.*)?$/);
}

/** Chooses a tab of Winner Management ('Winner Selection', 'Winner Management', 'Statistics'). */
export async function openWinnersTab(admin: Page, name: 'Winner Selection' | 'Winner Management' | 'Statistics'): Promise<void> {
  const tab = admin.getByRole('tablist', { name: 'Winner management sections' }).getByRole('tab', { name, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

/** The fields of the 'Select a Winner' form, by their visible labels. */
export function selectionForm(admin: Page) {
  const form = admin.getByRole('form', { name: 'Select a Winner' });
  return {
    form,
    committee: form.getByLabel('Committee', { exact: true }),
    group: form.getByLabel('Group', { exact: true }),
    month: form.getByLabel('Month', { exact: true }),
    year: form.getByLabel('Year', { exact: true }),
    paymentType: form.getByLabel('Payment Type', { exact: true }),
    member: form.getByLabel('Member', { exact: true }),
    submit: form.getByRole('button', { name: 'Select Winner', exact: true }),
  };
}

/** Chooses, in a select, the one option whose text starts with `start` (its full text carries counts). */
export async function chooseOptionStartingWith(select: Locator, start: string): Promise<string> {
  const option = select.getByRole('option', { name: new RegExp(`^${escapeRegExp(start)}`) });
  await expect(option).toHaveCount(1);
  const label = ((await option.textContent()) ?? '').trim();
  await select.selectOption({ label });
  return label;
}

/**
 * On the Winner Selection tab: chooses the committee, the group, the month and year, and the payment
 * type; then waits for the member field's help text (e.g. '2 eligible members (previous winners excluded)').
 */
export async function chooseDraw(admin: Page, planName: string, groupNumber: string, period: Period, help: string): Promise<void> {
  const fields = selectionForm(admin);
  await expect(fields.committee).toBeEnabled();
  await chooseOptionStartingWith(fields.committee, `${planName} (`);
  await expect(fields.group).toBeEnabled();
  await chooseOptionStartingWith(fields.group, `Group ${groupNumber} (`);
  await fields.month.selectOption({ label: period.monthName });
  await fields.year.fill(String(period.year));
  await fields.paymentType.selectOption({ label: 'Umrah' });
  await expect(fields.form.getByText(help, { exact: true })).toBeVisible();
}

/** Chooses the member (option '{name} ({email}) — #{n}') and 'Select Winner'; waits for the toast. */
export async function selectWinner(admin: Page, member: Member, groupNumber: string): Promise<void> {
  const fields = selectionForm(admin);
  await expect(fields.member).toBeEnabled();
  await chooseOptionStartingWith(fields.member, `${member.name} (${member.email})`);
  await fields.submit.click();
  // An earlier selection's toast (same text) may still be fading out: either one will do.
  await expect(admin.getByText(`Success! Winner selected successfully for Group ${groupNumber}`, { exact: true }).first()).toBeVisible();
  // The form forgets the chosen member, ready for the next draw.
  await expect(fields.member).toHaveValue('');
}

/**
 * A winner on the Winner Management tab: a table row on wide screens, a card on narrow ones; either
 * way the one that shows the winner's email.
 */
export function winnerEntry(admin: Page, member: Member): Locator {
  const list = admin.getByRole('region', { name: 'Winners', exact: true });
  return list
    .getByRole('row')
    .or(list.getByRole('article'))
    .filter({ hasText: member.email });
}

/** The value of a count card of Statistics → 'Winner totals' (Total, Paid, Pending, Cancelled). */
export function winnerTotal(admin: Page, label: 'Total' | 'Paid' | 'Pending' | 'Cancelled'): Locator {
  return admin
    .getByRole('region', { name: 'Winner totals', exact: true })
    .getByText(label, { exact: true })
    .locator('xpath=following-sibling::dd[1]');
}

/**
 * Commits a month's draw through the API, waits until it may be drawn (its drawableAt: DRAW_NOTICE_HOURS
 * after the commitment, a few seconds in these journeys, e2e/support/start-server.ts), then draws it.
 * Answers the draw's answer.
 */
export async function commitAndDrawThroughApi<T>(admin: AdminApi, planId: string, groupNumber: string, period: { month: number; year: number }): Promise<T> {
  const committed = await admin.post<{ data: { draw: { drawableAt: string } } }>(`/api/winners/draws/${planId}/${groupNumber}/commit`, period);
  const wait = Date.parse(committed.data.draw.drawableAt) - Date.now();
  // The server and the browser run on this one machine and its clock; a little more for the rounding.
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 250));
  return admin.post<T>(`/api/winners/draws/${planId}/${groupNumber}/draw`, period);
}

/** The Draw fairly area of Winner Selection, its two buttons and the draw's record. */
export function fairDraw(admin: Page) {
  const area = admin.getByRole('region', { name: 'Draw fairly' });
  return {
    area,
    commit: area.getByRole('button', { name: 'Commit the draw', exact: true }),
    draw: area.getByRole('button', { name: 'Draw the winner', exact: true }),
    void: area.getByRole('button', { name: 'Void this draw', exact: true }),
    record: area.getByRole('button', { name: 'Draw record', exact: true }),
  };
}

/** How a member (and a published link) shows another member: first name and the last name's initial ('Ayesha K.'). */
export function shortName(name: string): string {
  const parts = name.trim().split(/\s+/);
  return parts.length > 1 ? `${parts[0]} ${parts[parts.length - 1][0]}.` : parts[0];
}
