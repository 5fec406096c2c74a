/**
 * Test-only: the transfer's details every receipt form asks for (decision 052), filled as a member
 * fills them. "Today" is worked out here from the clock, in Pakistan, apart from the product's code.
 */
import { fireEvent, screen, within } from '@testing-library/react';

export const TRANSFER_DATE_LABEL = 'Date of the transfer';
export const TRANSACTION_NUMBER_LABEL = /Transaction number/;

/** 'YYYY-MM-DD' of the day it is in Karachi (UTC+5, no daylight saving), `shift` days later. */
export function karachiDay(shift = 0): string {
  return new Date(Date.now() + 5 * 3_600_000 + shift * 86_400_000).toISOString().slice(0, 10);
}

/** Types a date into the transfer date field (a date input takes its value whole, as a picker gives it). */
export function enterTransferDate(value: string, container?: HTMLElement) {
  const scope = container ? within(container) : screen;
  fireEvent.change(scope.getByLabelText(TRANSFER_DATE_LABEL), { target: { value } });
}
