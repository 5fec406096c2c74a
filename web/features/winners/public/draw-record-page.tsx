/**
 * /draws/:token: a group's draw record published by its administrator at a link (docs/draws.md), open
 * to anyone without signing in (GET /api/public/draw-records/{token}), every member's name shortened.
 * The same record as members read (member/record-view.tsx), each draw checked in the browser, with the
 * record to save and the standalone check. A link never published, or revoked, shows the server's own
 * words for it (winner.linkNotFound), not the error page.
 */
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Link2Off, ScrollText } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { Logo } from '../../../components/logo.tsx';
import { ThemeToggle } from '../../../components/theme-toggle.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { textOfAnswer } from '../../../lib/i18n.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { fetchPublicDrawRecord, memberWinnerKeys } from '../member/api.ts';
import { DrawRecordView, RecordTools } from '../member/record-view.tsx';
import '../member/catalogue.ts';

/** The link opens nothing: never published, or revoked (or no token at all). */
const isClosedLink = (error: unknown): error is ApiError => error instanceof ApiError && (error.status === 404 || error.status === 400);

export function PublicDrawRecordPage() {
  const { t } = useTranslation('memberWinners');
  const { t: common } = useTranslation();
  const { token = '' } = useParams();
  const record = useQuery({ queryKey: memberWinnerKeys.publicRecord(token), queryFn: ({ signal }) => fetchPublicDrawRecord(token, signal) });
  const group = record.data?.group;
  useDocumentTitle(group ? t('publicRecord.documentTitle', { group: group.groupNumber, plan: group.planName }) : t('publicRecord.title'));

  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:start-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-card focus:px-4 focus:py-2">
        {common('app.skipToContent')}
      </a>
      <header className="mx-auto flex w-full max-w-2xl items-center justify-between gap-2 px-4 pt-4">
        <Logo compact="phone" />
        <div className="flex items-center gap-1">
          <LanguageSwitch />
          <ThemeToggle />
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-2xl min-w-0 flex-1 px-4 py-6 sm:py-8">
        {record.data ? (
          <>
            <div className="mb-5">
              <h1 className="flex items-center gap-2 text-2xl font-semibold">
                <ScrollText className="size-6 shrink-0 text-primary" aria-hidden />
                {t('publicRecord.heading', { group: record.data.group.groupNumber })}
              </h1>
              <p className="mt-1 font-medium">{record.data.group.planName}</p>
              <p className="mt-2 text-sm text-muted-foreground">{t('publicRecord.intro')}</p>
            </div>
            <Card className="min-w-0 space-y-5 p-4 sm:p-6">
              <p className="rounded-lg border border-border bg-muted/40 p-3 text-sm">{t('drawRecord.rule')}</p>
              <RecordTools record={record.data} />
              <DrawRecordView record={record.data} headingLevel={2} />
            </Card>
          </>
        ) : record.isError && isClosedLink(record.error) ? (
          <>
            <h1 className="mb-4 text-2xl font-semibold">{t('publicRecord.title')}</h1>
            <Card role="alert" className="flex flex-col items-center gap-3 px-6 py-10 text-center">
              <Link2Off className="size-10 text-muted-foreground" aria-hidden />
              <p className="text-lg font-medium">{record.error.code === 'winner.linkNotFound' ? textOfAnswer(record.error) : t('publicRecord.closed')}</p>
              <p className="text-sm text-muted-foreground">{t('publicRecord.closedHint')}</p>
            </Card>
          </>
        ) : record.isError ? (
          <>
            <h1 className="mb-4 text-2xl font-semibold">{t('publicRecord.title')}</h1>
            <LoadError message={t('drawRecord.loadFailed')} onRetry={() => void record.refetch()} retrying={record.isFetching} />
          </>
        ) : (
          <>
            <h1 className="mb-4 text-2xl font-semibold">{t('publicRecord.title')}</h1>
            <Spinner label={t('drawRecord.loading')} className="py-6" />
          </>
        )}
        <Link to="/" className="mx-auto mt-6 flex w-fit items-center gap-2 rounded-lg px-2 py-1 text-sm text-muted-foreground hover:text-foreground">
          <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden />
          {common('common.backToHome')}
        </Link>
      </main>
    </div>
  );
}
