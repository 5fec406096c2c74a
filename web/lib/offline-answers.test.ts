import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetOfflineAnswers, keepAnswersOffline, oldestAnswerTime, restoreOfflineAnswers } from './offline-answers.ts';

const summaryKey = ['payments', 'summary'] as const;
const groupsKey = ['groups', 'mine'] as const;
const otherKey = ['referrals', 'tree'] as const;
const kept = [summaryKey, groupsKey];

afterEach(() => window.localStorage.clear());

/** A query answered by the "server" (its query function), as the dashboard's are. */
async function answer(client: QueryClient, key: readonly string[], data: unknown) {
  await client.fetchQuery({ queryKey: key, queryFn: () => data, staleTime: 0 });
}

describe('answers kept for offline use', () => {
  it("keeps the named queries' answers per person, and puts them back dated in an empty cache", async () => {
    const online = new QueryClient();
    const stop = keepAnswersOffline(online, 'user-1', kept);
    await answer(online, summaryKey, { owed: 50_000 });
    await answer(online, groupsKey, [{ id: 'g1' }]);
    await answer(online, otherKey, { tree: 'not kept' });
    stop();
    const readAt = online.getQueryState(summaryKey)!.dataUpdatedAt;

    const offline = new QueryClient();
    expect(restoreOfflineAnswers(offline, 'user-1', [...kept, otherKey])).toBe(true);
    expect(offline.getQueryData(summaryKey)).toEqual({ owed: 50_000 });
    expect(offline.getQueryData(groupsKey)).toEqual([{ id: 'g1' }]);
    expect(offline.getQueryData(otherKey)).toBeUndefined();
    expect(offline.getQueryState(summaryKey)!.dataUpdatedAt).toBe(readAt);
    expect(oldestAnswerTime(offline, kept)).toBe(Math.min(readAt, offline.getQueryState(groupsKey)!.dataUpdatedAt));

    // Another person on this device gets nothing of them.
    const someoneElse = new QueryClient();
    expect(restoreOfflineAnswers(someoneElse, 'user-2', kept)).toBe(false);
    expect(someoneElse.getQueryData(summaryKey)).toBeUndefined();
  });

  it('keeps only what the server answered, not a change the app shows before the server has confirmed it', async () => {
    const client = new QueryClient();
    const stop = keepAnswersOffline(client, 'user-1', kept);
    await answer(client, summaryKey, { owed: 50_000 });
    client.setQueryData(summaryKey, { owed: 0 });
    stop();
    const offline = new QueryClient();
    restoreOfflineAnswers(offline, 'user-1', kept);
    expect(offline.getQueryData(summaryKey)).toEqual({ owed: 50_000 });
  });

  it('never replaces an answer the cache already holds, and dates nothing while an answer is missing', async () => {
    const client = new QueryClient();
    keepAnswersOffline(client, 'user-1', kept)();
    window.localStorage.setItem('offline-answers:user-1', JSON.stringify({ '["payments","summary"]': { data: { owed: 1 }, updatedAt: 1000 } }));
    client.setQueryData(summaryKey, { owed: 2 });
    expect(restoreOfflineAnswers(client, 'user-1', kept)).toBe(false);
    expect(client.getQueryData(summaryKey)).toEqual({ owed: 2 });
    expect(oldestAnswerTime(client, kept)).toBeUndefined();
  });

  it('reads a damaged store as nothing kept', () => {
    window.localStorage.setItem('offline-answers:user-1', '{not json');
    expect(restoreOfflineAnswers(new QueryClient(), 'user-1', kept)).toBe(false);
  });

  it("forgets every person's answers, and nothing else of the device", async () => {
    window.localStorage.setItem('offline-answers:user-1', '{}');
    window.localStorage.setItem('offline-answers:user-2', '{}');
    window.localStorage.setItem('committee-theme', 'dark');
    forgetOfflineAnswers();
    expect(window.localStorage.getItem('offline-answers:user-1')).toBeNull();
    expect(window.localStorage.getItem('offline-answers:user-2')).toBeNull();
    expect(window.localStorage.getItem('committee-theme')).toBe('dark');
  });
});
