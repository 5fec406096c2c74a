/** Referral commissions (admin document §5 commission rules; RULES §8), with the spec's messages. */
import { z } from 'zod';
import { hasAtMostTwoDecimals } from './money.ts';

export const commissionMessages = {
  rateRange: (level: number) => `Level ${level} rate must be between 0 and 1`,
  minimumNegative: 'Minimum commission cannot be negative',
  maximumAboveMinimum: 'Maximum commission must be greater than minimum',
  level1Highest: 'Level 1 rate should be the highest',
  rulesUpdated: 'Commission rules updated successfully',
  nothingToPay: 'There are no pending commissions for this month.',
  processed: (total: string) => `Commission payments processed successfully! Total: ${total}`,
  confirmed: 'Commission payment confirmed successfully!',
  notFound: 'Commission payment not found.',
} as const;

const twoDecimals = 'Amounts can have at most two decimal places.';

const rate = (level: number) =>
  z.number({ error: commissionMessages.rateRange(level) }).min(0, commissionMessages.rateRange(level)).max(1, commissionMessages.rateRange(level));

export const commissionRulesBody = z
  .object({
    level1Rate: rate(1),
    level2Rate: rate(2),
    level3Rate: rate(3),
    // Stored to the paisa: more decimals would be rounded away, and a maximum of 0.001 would become 0.
    minimumCommission: z.number({ error: commissionMessages.minimumNegative }).min(0, commissionMessages.minimumNegative).max(1e9).refine(hasAtMostTwoDecimals, twoDecimals),
    maximumCommission: z.number({ error: commissionMessages.maximumAboveMinimum }).max(1e9).refine(hasAtMostTwoDecimals, twoDecimals),
  })
  .superRefine((r, ctx) => {
    if (r.maximumCommission <= r.minimumCommission) ctx.addIssue({ code: 'custom', message: commissionMessages.maximumAboveMinimum, path: ['maximumCommission'] });
    if (r.level1Rate < r.level2Rate || r.level1Rate < r.level3Rate) ctx.addIssue({ code: 'custom', message: commissionMessages.level1Highest, path: ['level1Rate'] });
  });
export type CommissionRules = z.infer<typeof commissionRulesBody>;

export const DEFAULT_COMMISSION_RULES: CommissionRules = { level1Rate: 0.1, level2Rate: 0.05, level3Rate: 0.02, minimumCommission: 0, maximumCommission: 1000 };

/** What one payment earns each level above the payer: amount × rate, bounded, rounded half-up to the paisa. */
export function commissionFor(paymentAmount: number, rateValue: number, rules: Pick<CommissionRules, 'minimumCommission' | 'maximumCommission'>): number {
  if (rateValue <= 0) return 0;
  const raw = Math.round(paymentAmount * rateValue * 100 + 1e-9) / 100;
  return Math.min(Math.max(raw, rules.minimumCommission), rules.maximumCommission);
}

export const bulkPayBody = z.object({
  month: z.number({ error: 'Month must be between 1 and 12.' }).int().min(1).max(12),
  year: z.number({ error: 'Year must be between 2020 and 2030.' }).int().min(2020, 'Year must be between 2020 and 2030.').max(2030, 'Year must be between 2020 and 2030.'),
  paymentMethod: z.string({ error: 'Payment method is required' }).trim().min(1, 'Payment method is required').max(40),
  transactionId: z.string().trim().max(100).optional(),
  notes: z.string().trim().max(1000).optional(),
});

export const confirmBody = z.object({ userNotes: z.string().trim().max(1000).optional() });

