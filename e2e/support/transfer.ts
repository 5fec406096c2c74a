/**
 * The transfer's details every receipt form asks for (decision 052): the transfer date (required) and
 * the bank's transaction number (optional), filled as a member fills them. Labels in English unless
 * given (the Urdu journey passes its catalogue's).
 */
import type { Page } from '@playwright/test';
import { BUSINESS_TIME_ZONE } from '../../contract/business-time.ts';

/** 'YYYY-MM-DD' of the day it is in Karachi. */
export function karachiDate(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export async function fillTransferDetails(
  page: Page,
  details: { date?: string; number?: string } = {},
  labels: { date: string; number: string } = { date: 'Date of the transfer', number: 'Transaction number' },
): Promise<void> {
  await page.getByLabel(labels.date, { exact: true }).fill(details.date ?? karachiDate());
  if (details.number !== undefined) await page.getByLabel(new RegExp(`^${labels.number}`)).fill(details.number);
}
