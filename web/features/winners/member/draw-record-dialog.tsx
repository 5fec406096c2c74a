import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDrawRecord } from './queries.ts';
import { DrawRecordView, RecordTools } from './record-view.tsx';
import './catalogue.ts';

/** What the dialog needs of the group before its record is read. */
export interface DrawRecordGroup {
  id: string;
  groupNumber: string;
  planName: string;
}

interface DrawRecordDialogProps {
  group: DrawRecordGroup;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'Draw record' (My Groups tab): every draw of the group month by month, newest first, as its member may
 * read it (GET /committee-plans/user/groups/{groupId}/draws), with the rule in plain words and every
 * input it hashes (record-view.tsx). Each revealed draw is checked here, in the browser; the record can
 * be saved as read and checked without the app. Read when the dialog opens; phone first.
 */
export function DrawRecordDialog({ group, open, onOpenChange }: DrawRecordDialogProps) {
  const { t } = useTranslation('memberWinners');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('drawRecord.title')}
      className="sm:max-w-lg"
      description={
        <>
          <span className="block font-medium text-foreground">{t('drawRecord.group', { number: group.groupNumber, plan: group.planName })}</span>
          <span className="mt-1 block">{t('drawRecord.explanation')}</span>
        </>
      }
    >
      <p className="rounded-lg border border-border bg-muted/40 p-3 text-sm">{t('drawRecord.rule')}</p>
      {open && (
        <div className="mt-5">
          <RecordBody groupId={group.id} />
        </div>
      )}
    </Dialog>
  );
}

function RecordBody({ groupId }: { groupId: string }) {
  const { t } = useTranslation('memberWinners');
  const record = useDrawRecord(groupId);
  const loadError = <LoadError compact message={t('drawRecord.loadFailed')} onRetry={() => void record.refetch()} retrying={record.isFetching} />;
  if (!record.data) return record.isError ? loadError : <Spinner label={t('drawRecord.loading')} className="py-6" />;
  return (
    <div className="space-y-5">
      {/* A record once read stays on screen when a later read fails; the message says so. */}
      {record.isError && loadError}
      <RecordTools record={record.data} />
      <DrawRecordView record={record.data} />
    </div>
  );
}
