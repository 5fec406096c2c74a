/**
 * The signed-in person's own sessions (server/accounts/session-routes.ts): the list, and signing out
 * every other one. Answers are checked against the contract's schemas before they are trusted.
 */
import { securityChangesAnswer, sessionsAnswer, signOutOthersAnswer, type SecurityChange, type SessionInfo } from '../../../../contract/accounts.ts';
import { api, readAnswer } from '../../../lib/api-client.ts';

export const sessionKeys = { mine: ['profile', 'sessions'] as const };

export async function fetchSessions(signal?: AbortSignal): Promise<SessionInfo[]> {
  return readAnswer(sessionsAnswer, await api.get('/auth/sessions', undefined, { signal })).sessions;
}

/** Answers how many sessions ended. */
export async function signOutOtherSessions(): Promise<number> {
  return readAnswer(signOutOthersAnswer, await api.delete('/auth/sessions/others', { retries: 0 })).count;
}

export const securityChangeKeys = { mine: ['profile', 'security-changes'] as const };

/** The person's ten most recent security changes, newest first (decision 047). */
export async function fetchSecurityChanges(signal?: AbortSignal): Promise<SecurityChange[]> {
  return readAnswer(securityChangesAnswer, await api.get('/auth/security-changes', undefined, { signal })).changes;
}
