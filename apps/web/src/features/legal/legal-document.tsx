/**
 * A legal page: title, the shared "Last updated" date, an introduction, a table of contents and
 * numbered sections, set in a readable measure. Read-only text: nothing here is editable.
 */
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Page } from '@/components/page.tsx';
import { dateTimeFormat } from '@/lib/format.ts';
import { useLanguage } from '@/lib/i18n.ts';
import { legalLastUpdated } from './last-updated.ts';
import styles from './legal-document.module.css';

export interface LegalSection {
  /** The anchor of the section: /privacypolicy#cookies. */
  id: string;
  title: string;
  body: ReactNode;
}

export interface LegalDocumentContent {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
  /** Numbered headings ("3. Your content") read better in long terms; guidelines number their own. */
  numbered?: boolean;
}

export function LegalDocument({ content }: { content: LegalDocumentContent }) {
  const { title, intro, sections, numbered = true } = content;
  const language = useLanguage();
  // English keeps the date as written beside the text; other languages write it their way. (A
  // member expression, so the message keeps its `{0}` placeholder.)
  const updated = {
    label:
      language === 'en'
        ? legalLastUpdated.label
        : dateTimeFormat({ dateStyle: 'long', timeZone: 'UTC' }).format(new Date(legalLastUpdated.iso)),
  };
  const heading = (section: LegalSection, index: number) =>
    numbered ? `${index + 1}. ${section.title}` : section.title;
  return (
    <Page title={title} width="narrow">
      <article className={styles.article}>
        <p className={styles.updated}>
          <Trans>
            Last updated <time dateTime={legalLastUpdated.iso}>{updated.label}</time>
          </Trans>
        </p>
        <div className={styles.intro}>{intro}</div>
        <nav aria-label={t`On this page`} className={styles.toc}>
          <h2 className={styles.tocTitle}>
            <Trans>On this page</Trans>
          </h2>
          <ol className={styles.tocList}>
            {sections.map((section, index) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{heading(section, index)}</a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            className={styles.section}
            aria-labelledby={`${section.id}-title`}
          >
            <h2 id={`${section.id}-title`}>{heading(section, index)}</h2>
            {section.body}
          </section>
        ))}
      </article>
    </Page>
  );
}
