/**
 * The signed-in person's own sessions (server/accounts/session-routes.ts): the list, and signing out
 * every other one. Answers are checked against the contract's schemas before they are trusted.
 */
import type { z } from 'zod';
import {
  securityChange,
  sessionInfo,
  type SecurityChange,
  type securityChangesAnswer,
  type SessionInfo,
  type sessionsAnswer,
  type signOutOthersAnswer,
} from '../../../../contract/accounts.ts';
import { api } from '../../../lib/api-client.ts';

export const sessionKeys = { mine: ['profile', 'sessions'] as const };

const sessionList = sessionInfo.array();

export async function fetchSessions(signal?: AbortSignal): Promise<SessionInfo[]> {
  const body = await api.get<z.output<typeof sessionsAnswer>>('/auth/sessions', undefined, { signal });
  return sessionList.parse(body?.data?.sessions ?? body?.sessions);
}

/** Answers how many sessions ended. */
export async function signOutOtherSessions(): Promise<number> {
  const body = await api.delete<z.output<typeof signOutOthersAnswer>>('/auth/sessions/others', { retries: 0 });
  return Number(body?.data?.count ?? body?.count ?? 0);
}

export const securityChangeKeys = { mine: ['profile', 'security-changes'] as const };

const securityChangeList = securityChange.array();

/** The person's ten most recent security changes, newest first (decision 047). */
export async function fetchSecurityChanges(signal?: AbortSignal): Promise<SecurityChange[]> {
  const body = await api.get<z.output<typeof securityChangesAnswer>>('/auth/security-changes', undefined, { signal });
  return securityChangeList.parse(body?.data?.changes ?? body?.changes);
}
