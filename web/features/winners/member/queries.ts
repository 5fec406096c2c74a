/** The reads of the member's draw record as React Query hooks. */
import { useQuery } from '@tanstack/react-query';
import { fetchDrawRecord, memberWinnerKeys } from './api.ts';

/** One group's draw record, read only while it is shown (`enabled`): the dialog asks for it when it opens. */
export function useDrawRecord(groupId: string, enabled = true) {
  return useQuery({ queryKey: memberWinnerKeys.drawRecord(groupId), queryFn: ({ signal }) => fetchDrawRecord(groupId, signal), enabled });
}
