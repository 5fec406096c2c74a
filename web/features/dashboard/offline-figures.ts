/**
 * The dashboard offline: the first screen's answers (web/app/opening-pages.ts) are kept on the device
 * as they arrive (lib/offline-answers.ts), and put back while the device is offline, so that the
 * installed app opens on the member's last figures, read-only and dated, rather than on errors. Back
 * online, the reads waiting since (the query cache holds them offline) are made, and the figures are
 * the server's again.
 */
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { keepAnswersOffline, oldestAnswerTime, restoreOfflineAnswers } from '../../lib/offline-answers.ts';
import { useOnline } from '../../lib/use-online.ts';
import { notificationsQuery } from '../notifications/index.ts';
import { myGroupsQuery } from '../groups/member/index.ts';
import { paymentSummaryQuery } from '../instalments/member/index.ts';
import { referralStatsQuery } from '../referrals/member/index.ts';

/** The dashboard's first reads, the same four the page's HTML asks for (opening-pages.ts). */
export const offlineDashboardQueries = [notificationsQuery.queryKey, paymentSummaryQuery.queryKey, myGroupsQuery.queryKey, referralStatsQuery.queryKey] as const;

/**
 * For the signed-in member's dashboard: whether the device is online, and while it is not, when the
 * figures shown were read (undefined when some were never read on this device).
 */
export function useOfflineDashboard(userId: string | undefined): { online: boolean; lastUpdated: number | undefined } {
  const queryClient = useQueryClient();
  const online = useOnline();
  // Before the page's queries first read the cache (this runs in its first render): opened offline,
  // the page is drawn once, on the kept figures.
  useState(() => {
    if (userId && !online) restoreOfflineAnswers(queryClient, userId, offlineDashboardQueries);
  });
  // Gone offline while the page is open, after another page: put back what the cache does not hold.
  useEffect(() => {
    if (userId && !online) restoreOfflineAnswers(queryClient, userId, offlineDashboardQueries);
  }, [queryClient, userId, online]);
  // Back online, every figure is read again, however recent the kept one: the notice goes, and what
  // the page shows is the server's again.
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current) for (const queryKey of offlineDashboardQueries) void queryClient.invalidateQueries({ queryKey });
    wasOnline.current = online;
  }, [queryClient, online]);
  useEffect(() => (userId ? keepAnswersOffline(queryClient, userId, offlineDashboardQueries) : undefined), [queryClient, userId]);
  return { online, lastUpdated: online ? undefined : oldestAnswerTime(queryClient, offlineDashboardQueries) };
}
