/** PDF statements (RULES §6a): what their routes take, and the message of a pool too busy to draw one now. */
import { z } from 'zod';

export const statementMessages = {
  busy: 'Many statements are being prepared right now. Please try again in a few seconds.',
} as const;

/** GET /api/committee-plans/user/groups/{groupId}/statement.pdf: the caller's group. */
export const groupStatementParams = z.object({ groupId: z.string().max(100) });

/** GET /api/admin/users/{id}/statement.pdf: all the member's groups, or the one named. */
export const adminStatementQuery = z.object({ groupId: z.string().max(100).optional() });
