import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the tab title to "{page} | Umrah Committee" (member document §1: each page sets its title). */
export function useDocumentTitle(page?: string): void {
  const { t } = useTranslation();
  const title = page ? t('app.documentTitle', { page }) : t('app.homeTitle');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
