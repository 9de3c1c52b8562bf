/**
 * A legal page in the language on screen: English at once, another language's document once its
 * chunk is in (a loader holds the place; a failed download shows the English with a note).
 */
import { t } from '@lingui/core/macro';
import { useEffect, useState } from 'react';
import { ErrorMessage } from '@/components/alert.tsx';
import { FullPageLoader } from '@/components/skeleton.tsx';
import { useLanguage } from '@/lib/i18n.ts';
import { englishDocuments, type LegalDocumentName, translatedDocuments } from './documents.ts';
import { LegalDocument, type LegalDocumentContent } from './legal-document.tsx';

type Loaded = { language: string; content: LegalDocumentContent | 'failed' };

export function LegalScreen({ name }: { name: LegalDocumentName }) {
  const language = useLanguage();
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (language === 'en') return;
    let current = true;
    translatedDocuments[name][language]().then(
      (content) => current && setLoaded({ language, content }),
      () => current && setLoaded({ language, content: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [name, language]);

  if (language === 'en') return <LegalDocument content={englishDocuments[name]} />;
  if (loaded?.language !== language) return <FullPageLoader />;
  if (loaded.content === 'failed') {
    return (
      <>
        <ErrorMessage>{t`The language could not be loaded. Check your connection and try again.`}</ErrorMessage>
        <LegalDocument content={englishDocuments[name]} />
      </>
    );
  }
  return <LegalDocument content={loaded.content} />;
}
