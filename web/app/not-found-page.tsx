import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/button.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-background p-6">
      <div className="max-w-md text-center">
        <Compass className="mx-auto size-12 text-primary" aria-hidden />
        <h1 className="mt-4 text-3xl font-bold">{t('notFound.title')}</h1>
        <p className="mt-2 text-muted-foreground">{t('notFound.message')}</p>
        <Button asChild className="mt-6">
          <Link to="/">{t('notFound.goHome')}</Link>
        </Button>
      </div>
    </main>
  );
}
