import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../lib/auth.tsx';
import { api } from '../lib/api-client.ts';
import { storageKeys, writeStorage } from '../lib/storage-keys.ts';
import { currentLanguage, setLanguage, type Language } from '../lib/i18n.ts';
import { notify } from '../lib/toast.ts';
import { Button } from './ui/button.tsx';

/**
 * English ⇄ اردو, in the header of every page. It names the other language in that language (a
 * reader who cannot read the current one still finds theirs). The choice is kept in the browser and,
 * for a signed-in person, in their profile, so emails and notifications follow it too.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { user, refresh } = useAuth();
  const other: Language = currentLanguage() === 'ur' ? 'en' : 'ur';

  const change = async () => {
    try {
      await setLanguage(other);
    } catch {
      notify.error(t('errors.network'));
      return;
    }
    // Remembered in the profile too (then read back, so the kept user agrees); if that fails, the
    // browser still keeps the choice for this device.
    // Signed out, the choice is remembered as such: the next sign-in keeps it and saves it to the account.
    if (!user) writeStorage(storageKeys.languageChosenSignedOut, other);
    if (user) {
      void api
        .put('/profile/language', { language: other }, { retries: 1 })
        .then(() => refresh())
        .catch(() => undefined);
    }
  };

  return (
    <Button variant="ghost" size="sm" onClick={() => void change()} className={className}>
      <Languages aria-hidden />
      {/* The visible name first, so that what is spoken and what is seen agree (a spoken command finds it). */}
      <span lang={other}>{t('language.otherName')}</span>
      <span className="sr-only">{t('language.switchTo')}</span>
    </Button>
  );
}
