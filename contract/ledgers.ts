/** A member's ledger, a group's ledger and its arrears grid (RULES §6a): the answers of the ledger routes (server/instalments/ledgers.ts, group-ledger.ts). */
import { z } from 'zod';
import { groupArrears, groupLedger, memberLedger } from './figures.ts';

/** GET /api/admin/users/{id}/ledger */
export const memberLedgerAnswer = z.object({ success: z.literal(true), data: memberLedger });

/** GET /api/admin/groups/{id}/arrears */
export const groupArrearsAnswer = z.object({ success: z.literal(true), data: groupArrears });

/** GET /api/committee-plans/user/groups/{groupId}/ledger and GET /api/admin/groups/{id}/ledger. */
export const groupLedgerAnswer = z.object({ success: z.literal(true), data: groupLedger });
