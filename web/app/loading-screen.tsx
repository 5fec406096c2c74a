import { useTranslation } from 'react-i18next';
import { FullScreenSpinner } from '../components/ui/spinner.tsx';

export function LoadingScreen() {
  const { t } = useTranslation();
  return <FullScreenSpinner label={t('common.loading')} />;
}
