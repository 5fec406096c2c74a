/** The schema field of an amount of money (rupees, at most two decimals), for forms and routes alike. */
import { z } from 'zod';
import { hasAtMostTwoDecimals, MAX_AMOUNT } from './money.ts';

export const amountField = (messages: { required: string; positive?: string }) =>
  z
    .number({ error: messages.required })
    .refine(Number.isFinite, messages.required)
    .refine((v) => v > 0, messages.positive ?? messages.required)
    .refine((v) => v <= MAX_AMOUNT, 'Amount is too large.')
    .refine(hasAtMostTwoDecimals, 'Amounts can have at most two decimal places.');
