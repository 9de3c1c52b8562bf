/** /help: the FAQ, how to reach support, the legal pages and the feedback box. Readable signed out. */

import { paths, supportEmail } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { ChevronDown, Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Page } from '@/components/page.tsx';
import { useAuth } from '@/lib/session.ts';
import { faq } from './faq.tsx';
import { FeedbackForm } from './feedback-form.tsx';
import styles from './help-screen.module.css';

// Not named regions: "Send us feedback" as a region name would make the label "Feedback" ambiguous.
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      {children}
    </section>
  );
}

export function HelpScreen() {
  const auth = useAuth();
  return (
    <Page title={t`Help`} width="narrow">
      <p className={styles.lead}>
        <Trans>Answers to common questions, and a way to tell us what you think.</Trans>
      </p>

      <Section title={t`Frequently asked questions`}>
        <div className={styles.faq}>
          {faq.map(({ question, answer }) => (
            <details key={question} className={styles.item}>
              <summary className={styles.question}>
                <span>{question}</span>
                <ChevronDown aria-hidden="true" size={20} className={styles.marker} />
              </summary>
              <div className={styles.answer}>{answer}</div>
            </details>
          ))}
        </div>
      </Section>

      <Section title={t`Contact support`}>
        <div className={styles.card}>
          <Mail aria-hidden="true" className={styles.cardIcon} />
          <p>
            <Trans>
              Need a hand with your account or something on Glimpse? Write to{' '}
              <a href={`mailto:${supportEmail}`}>{supportEmail}</a>. A person reads every message.
            </Trans>
          </p>
        </div>
      </Section>

      <Section title={t`Policies`}>
        <ul className={styles.links}>
          <li>
            <Link to={paths.terms}>
              <Trans>Terms of Service</Trans>
            </Link>
          </li>
          <li>
            <Link to={paths.privacy}>
              <Trans>Privacy Policy</Trans>
            </Link>
          </li>
          <li>
            <Link to={paths.guidelines}>
              <Trans>Community Guidelines</Trans>
            </Link>
          </li>
        </ul>
      </Section>

      <Section title={t`Send us feedback`}>
        <FeedbackForm signedIn={auth.status === 'signedIn'} />
      </Section>
    </Page>
  );
}
