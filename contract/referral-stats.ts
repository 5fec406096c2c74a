/**
 * A member's referral counts and commission totals (member document §3 "Referral stats"; amounts in
 * rupees), apart from the rest of the referrals' contract: the dashboard reads them on its first screen,
 * checked by zod's small build (zod/mini), as figures.ts is (decision 041).
 */
import * as z from 'zod/mini';

export const referralStats = z.object({
  totalReferrals: z.int(),
  totalCommission: z.number(),
  pendingCommission: z.number(),
  paidCommission: z.number(),
  level1Count: z.int(),
  level2Count: z.int(),
  level3Count: z.int(),
});

/**
 * What the dashboard reads of GET /api/referrals/stats (whose whole answer, referralStatsAnswer in
 * referrals.ts, the server writes by): the stats, checked by the small build.
 */
export const referralStatsRead = z.object({ stats: referralStats });
