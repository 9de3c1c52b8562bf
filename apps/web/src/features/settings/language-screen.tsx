/**
 * /settings/language (DESIGN.md §4): the radio group "Language", each language named in
 * its own language. A choice applies at once (lib/i18n.ts re-renders the app in it), is kept
 * in this browser and, signed in, on the account (every device, mail and push follow it).
 */
import { type LanguageCode, languages, type MeDto } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useContext, useId, useState } from 'react';
import { ErrorMessage } from '@/components/alert.tsx';
import { Page } from '@/components/page.tsx';
import { chooseLanguage, useLanguage } from '@/lib/i18n.ts';
import { authKeys } from '@/lib/query-keys.ts';
import { saveLanguage, ViewerContext } from '@/lib/session.ts';
import styles from './language-screen.module.css';

export function LanguageScreen() {
  const active = useLanguage();
  const viewer = useContext(ViewerContext);
  const queryClient = useQueryClient();
  const hintId = useId();
  const [failed, setFailed] = useState(false);
  // The radio follows the click at once; the app re-renders in the language when its catalog is in.
  const [chosen, setChosen] = useState<LanguageCode | null>(null);

  const choose = (code: LanguageCode) => {
    setFailed(false);
    setChosen(code);
    // The catalog may need downloading first; a dropped connection leaves the language as it was.
    // Signed in, the account keeps it too, for other devices and for what the server writes.
    Promise.all([chooseLanguage(code), viewer && saveLanguage(code)])
      .then(() => {
        if (viewer)
          queryClient.setQueryData<MeDto | null>(authKeys.me, (me) => me && { ...me, language: code });
      })
      .catch(() => {
        setChosen(null);
        setFailed(true);
      });
  };

  return (
    <Page title={t`Language`} width="narrow">
      <p id={hintId} className={styles.hint}>
        <Trans>Glimpse shows its menus, buttons and messages in the language you choose here.</Trans>
      </p>
      <div role="radiogroup" aria-label={t`Language`} aria-describedby={hintId} className={styles.card}>
        {languages.map((language) => (
          <label key={language.code} className={styles.row} lang={language.code} dir={language.dir}>
            <input
              type="radio"
              name="language"
              value={language.code}
              checked={(chosen ?? active) === language.code}
              onChange={() => choose(language.code)}
            />
            <span>{language.name}</span>
          </label>
        ))}
      </div>
      {failed && (
        <ErrorMessage>{t`The language could not be loaded. Check your connection and try again.`}</ErrorMessage>
      )}
    </Page>
  );
}
