/** /help: the FAQ, how to reach support, the legal pages and the feedback box. Readable signed out. */
import { paths, supportEmail } from '@glimpse/shared';
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
    <Page title="Help" width="narrow">
      <p className={styles.lead}>Answers to common questions, and a way to tell us what you think.</p>

      <Section title="Frequently asked questions">
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

      <Section title="Contact support">
        <div className={styles.card}>
          <Mail aria-hidden="true" className={styles.cardIcon} />
          <p>
            Need a hand with your account or something on Glimpse? Write to{' '}
            <a href={`mailto:${supportEmail}`}>{supportEmail}</a>. A person reads every message.
          </p>
        </div>
      </Section>

      <Section title="Policies">
        <ul className={styles.links}>
          <li>
            <Link to={paths.terms}>Terms of Service</Link>
          </li>
          <li>
            <Link to={paths.privacy}>Privacy Policy</Link>
          </li>
          <li>
            <Link to={paths.guidelines}>Community Guidelines</Link>
          </li>
        </ul>
      </Section>

      <Section title="Send us feedback">
        <FeedbackForm signedIn={auth.status === 'signedIn'} />
      </Section>
    </Page>
  );
}
