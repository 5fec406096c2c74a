/**
 * Opaque server-side sessions (RULES §3): the client holds a random token, the database holds its
 * hash. Deleting the rows ends the sessions at once: logout, password reset, block, deactivation.
 * Servers cache what findSessionByHash reads; triggers announce every change (session-cache.ts).
 */
import type { Role } from '../../contract/accounts.ts';
import type { Queryable } from '../db/database.ts';
import type { SessionUser } from '../http/auth.ts';
import { generateToken, hashToken } from './secrets.ts';
import { UAParser } from 'ua-parser-js';

export async function createSession(
  q: Queryable,
  userId: string,
  days: number,
  client: { ip?: string; userAgent?: string },
): Promise<string> {
  const token = generateToken();
  await q.write(
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
  await q.write('DELETE FROM sessions WHERE id = $1', [sessionId]);
}

export async function deleteUserSessions(q: Queryable, userId: string, exceptSessionId?: string): Promise<void> {
  await q.write('DELETE FROM sessions WHERE user_id = $1 AND id IS DISTINCT FROM $2', [userId, exceptSessionId ?? null]);
}

/** The longest user agent a session list shows: enough to tell devices apart. */
const SHORT_USER_AGENT = 120;

/** ua-parser-js's names where a person knows another one (its "Mobile Safari" is the Safari they use). */
const BROWSER_NAMES: Record<string, string> = {
  'Mobile Safari': 'Safari',
  'Chrome Headless': 'Chrome',
  'Chrome WebView': 'Chrome',
  'Mobile Chrome': 'Chrome',
  'Mobile Firefox': 'Firefox',
  Samsung: 'Samsung Internet',
  'Opera Mobi': 'Opera',
  'Opera Touch': 'Opera',
};
const OS_NAMES: Record<string, string> = { 'Mac OS': 'macOS', 'Chromium OS': 'ChromeOS' };

/**
 * The browser, system and device a user agent names, for a person to recognise where they signed in
 * ("Chrome", "Android", "Samsung SM-S911B"); null where it names nothing they would know. Parsed by
 * ua-parser-js's MIT 1.x line (decision 051).
 */
export function describeUserAgent(userAgent: string | null | undefined): { browser: string | null; os: string | null; device: string | null } {
  if (!userAgent) return { browser: null, os: null, device: null };
  const { browser, os, device } = new UAParser(userAgent).getResult();
  const known = (name: string | undefined, names: Record<string, string>) => (name ? (names[name] ?? name) : null);
  // A model alone ("K", as Android's reduced user agents say) tells no one anything without its maker.
  const model = device.vendor && device.model ? (device.model.startsWith(device.vendor) ? device.model : `${device.vendor} ${device.model}`) : null;
  return { browser: known(browser.name, BROWSER_NAMES), os: known(os.name, OS_NAMES), device: model };
}

export type SessionListItem = {
  id: string;
  createdAt: string;
  expiresAt: string;
  userAgent: string | null;
  browser: string | null;
  os: string | null;
  device: string | null;
  ip: string | null;
  current: boolean;
};

/** The user's live sessions, the current one first (marked), then newest first. Never a token or its hash. */
export async function listUserSessions(q: Queryable, userId: string, currentSessionId: string): Promise<SessionListItem[]> {
  const { rows } = await q.query<{ id: string; created_at: Date | string; expires_at: Date | string; user_agent: string | null; ip: string | null }>(
    `SELECT id, created_at, expires_at, user_agent, ip FROM sessions
     WHERE user_id = $1 AND expires_at > now() ORDER BY id = $2 DESC, created_at DESC, id LIMIT 100`,
    [userId, currentSessionId],
  );
  return rows.map((row) => ({
    id: row.id,
    createdAt: new Date(row.created_at).toISOString(),
    expiresAt: new Date(row.expires_at).toISOString(),
    userAgent: row.user_agent === null ? null : row.user_agent.slice(0, SHORT_USER_AGENT),
    ...describeUserAgent(row.user_agent),
    ip: row.ip,
    current: row.id === currentSessionId,
  }));
}

/**
 * Ends every session of the user but this one; answers how many ended. The delete announces the user
 * on session_changes (migration 014), so every server's session cache forgets them at once (decision 017).
 */
export async function deleteOtherSessions(q: Queryable, userId: string, currentSessionId: string): Promise<number> {
  const { rowCount } = await q.write('DELETE FROM sessions WHERE user_id = $1 AND id <> $2', [userId, currentSessionId]);
  return rowCount;
}
