/**
 * A signed-in person's last answers, kept on the device for when it is offline: the installed app then
 * opens on the figures as they were last read, dated, rather than on errors (the dashboard names which
 * answers, features/dashboard/offline-figures.ts). Only answers the server gave are kept, under the
 * person's own key, and every person's are removed at sign-out (lib/auth.tsx): nothing of one person is
 * shown to the next on a shared phone. They are read back only while the device is offline.
 */
import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { readStorage, removeStorage, storageKeys, writeStorage } from './storage-keys.ts';

interface KeptAnswer {
  data: unknown;
  /** When the server gave it (ms since the epoch): what "Last updated" says. */
  updatedAt: number;
}
/** By the query's hash (hashKey of its key). */
type KeptAnswers = Record<string, KeptAnswer>;

const storageKeyOf = (userId: string) => `${storageKeys.offlineAnswers}:${userId}`;

function readKept(userId: string): KeptAnswers {
  const raw = readStorage(storageKeyOf(userId));
  if (!raw) return {};
  try {
    const kept: unknown = JSON.parse(raw);
    return kept && typeof kept === 'object' && !Array.isArray(kept) ? (kept as KeptAnswers) : {};
  } catch {
    return {};
  }
}

/**
 * Keeps each answer of these queries as it arrives from the server, for this person. Answers set by
 * the app itself (a change shown before the server has confirmed it) are not kept. Returns the stop.
 */
export function keepAnswersOffline(queryClient: QueryClient, userId: string, queryKeys: readonly QueryKey[]): () => void {
  const wanted = new Set(queryKeys.map((key) => hashKey(key)));
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
    if (!wanted.has(event.query.queryHash)) return;
    const kept = readKept(userId);
    kept[event.query.queryHash] = { data: event.query.state.data, updatedAt: event.query.state.dataUpdatedAt };
    writeStorage(storageKeyOf(userId), JSON.stringify(kept));
  });
}

/**
 * Puts this person's kept answers into the cache, with the time each was read, for the queries that
 * have no answer yet (one already here is newer). Returns whether any was put back.
 */
export function restoreOfflineAnswers(queryClient: QueryClient, userId: string, queryKeys: readonly QueryKey[]): boolean {
  const kept = readKept(userId);
  let restored = false;
  for (const key of queryKeys) {
    const answer = kept[hashKey(key)];
    if (!answer || typeof answer.updatedAt !== 'number' || queryClient.getQueryData(key) !== undefined) continue;
    queryClient.setQueryData(key, answer.data, { updatedAt: answer.updatedAt });
    restored = true;
  }
  return restored;
}

/** When the oldest of these answers was read, if all are in the cache: what the screen's figures date from. */
export function oldestAnswerTime(queryClient: QueryClient, queryKeys: readonly QueryKey[]): number | undefined {
  const times = queryKeys.map((key) => queryClient.getQueryState(key)?.dataUpdatedAt ?? 0);
  return times.every((time) => time > 0) ? Math.min(...times) : undefined;
}

/** Removes every person's kept answers from this device (at sign-out, or when a session ends). */
export function forgetOfflineAnswers(): void {
  try {
    const prefix = `${storageKeys.offlineAnswers}:`;
    const keys = Array.from({ length: window.localStorage.length }, (_, index) => window.localStorage.key(index));
    for (const key of keys) if (key?.startsWith(prefix)) removeStorage(key);
  } catch {
    // Storage disabled: nothing was kept either.
  }
}
