/**
 * Test-only: fixed users and overview figures of this area, the answers that carry them (in the whole
 * shape the server sends, contract/users.ts), and the admin harness (web/test/admin.tsx)
 * its tests render with. Reads are answered by stubGetRequests (web/test/api-stub.ts); anything else is
 * refused and recorded.
 */
import { adminUserAnswer } from '../../../../contract/users.ts';
import { answerAs, type StubAnswer } from '../../../test/api-stub.ts';
import type { AdminUser } from './api.ts';

export { adminAuth, renderWithAdmin } from '../../../test/admin.tsx';
export { requestsTo } from '../../../test/api-stub.ts';
/** Users and the list's answer are shared with the other screens that list or pick users (web/test/user-fixtures.ts). */
export { makeAdminUser, userListAnswerOf } from '../../../test/user-fixtures.ts';

/**
 * A change to a user (edit, status, block, a held CNIC) answered as the server does: the user now, with
 * the change's message and its code (`ok` for a text no catalogue holds, as 'User blocked successfully').
 */
export function changedUserAnswerOf(user: AdminUser, message: string, code = 'ok'): StubAnswer {
  return answerAs(adminUserAnswer, { success: true, code, message, user, data: { user } });
}
