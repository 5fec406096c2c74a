/**
 * Opaque server-side sessions (RULES §3): the client holds a random token, the database holds its
 * hash. Deleting the rows ends the sessions at once: logout, password reset, block, deactivation.
 * Servers cache what findSessionByHash reads; triggers announce every change (session-cache.ts).
 */
import type { Role } from '../../contract/accounts.ts';
import type { Queryable } from '../db/database.ts';
import { generateToken, hashToken } from './secrets.ts';

export type SessionUser = { id: string; sessionId: string; role: Role; name: string; email: string };

export async function createSession(
  q: Queryable,
  userId: string,
  days: number,
  client: { ip?: string; userAgent?: string },
): Promise<string> {
  const token = generateToken();
  await q.query(
    `INSERT INTO sessions (user_id, token_hash, expires_at, ip, user_agent)
     VALUES ($1, $2, now() + make_interval(days => $3), $4, $5)`,
    [userId, hashToken(token), days, client.ip ?? null, client.userAgent?.slice(0, 300) ?? null],
  );
  return token;
}

/**
 * The signed-in user behind a token, or nothing. A blocked or deactivated account has no sessions
 * left, but the join checks again so that no window exists between the two writes.
 */
export async function findSessionUser(q: Queryable, token: string): Promise<SessionUser | undefined> {
  return (await findSessionByHash(q, hashToken(token)))?.user;
}

/**
 * The same, by the token's hash, with the seconds the session has left by the database's clock
 * (the session cache keeps it no longer: server/accounts/session-cache.ts).
 */
export async function findSessionByHash(q: Queryable, tokenHash: string): Promise<{ user: SessionUser; secondsLeft: number } | undefined> {
  const { rows } = await q.query<{ session_id: string; id: string; role: Role; name: string; email: string; seconds_left: number }>(
    `SELECT s.id AS session_id, u.id, u.role, u.name, u.email, extract(epoch FROM s.expires_at - now())::float8 AS seconds_left
     FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = $1 AND s.expires_at > now() AND u.is_active AND NOT u.is_blocked`,
    [tokenHash],
  );
  const row = rows[0];
  return row && { user: { id: row.id, sessionId: row.session_id, role: row.role, name: row.name, email: row.email }, secondsLeft: Number(row.seconds_left) };
}

export async function deleteSession(q: Queryable, sessionId: string): Promise<void> {
  await q.query('DELETE FROM sessions WHERE id = $1', [sessionId]);
}

export async function deleteUserSessions(q: Queryable, userId: string, exceptSessionId?: string): Promise<void> {
  await q.query('DELETE FROM sessions WHERE user_id = $1 AND id IS DISTINCT FROM $2', [userId, exceptSessionId ?? null]);
}
