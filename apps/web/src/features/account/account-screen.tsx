/**
 * /settings/account: private account, reading (content warnings, the link to Followed hashtags), change password, change email, two-factor, passkeys, the
 * devices signed in, Download your data, Account aliases and Move to another account,
 * Delete account. Each section is its own component beside this file.
 */
import { paths } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Hash } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { Page } from '@/components/page.tsx';
import { useViewer } from '@/lib/session.ts';
import styles from './account-screen.module.css';
import { ChangeEmailForm } from './change-email-form.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { ContentWarningsSection } from './content-warnings-section.tsx';
import { DataExportSection } from './data-export-section.tsx';
import { DeleteAccountSection } from './delete-account-section.tsx';
import { DevicesSection } from './devices-section.tsx';
import { AliasesSection, MoveSection } from './moves-section.tsx';
import { PasskeysSection } from './passkeys-section.tsx';
import { PrivacySection } from './privacy-section.tsx';
import { QuotePolicySection } from './quote-policy-section.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {title}
      </h2>
      <div className={styles.card}>{children}</div>
    </section>
  );
}

export function AccountScreen() {
  const me = useViewer();
  return (
    <Page title={t`Account`} width="narrow">
      <p className={styles.muted}>
        <Trans>Signed in as {me.user.email}</Trans>
      </p>
      <Section title={t`Privacy`}>
        <PrivacySection />
        <QuotePolicySection />
      </Section>
      <Section title={t`Reading`}>
        <ContentWarningsSection />
        <Link className={styles.followedTagsLink} to={paths.followedTags}>
          <Hash aria-hidden="true" size={16} />
          <Trans>Followed hashtags</Trans>
        </Link>
      </Section>
      <Section title={t`Password`}>
        <ChangePasswordForm />
      </Section>
      <Section title={t`Email`}>
        <ChangeEmailForm />
      </Section>
      <Section title={t`Two-factor authentication`}>
        <TwoFactorSection />
      </Section>
      <Section title={t`Passkeys`}>
        <PasskeysSection />
      </Section>
      <Section title={t`Devices`}>
        <DevicesSection userId={me.user.id} />
      </Section>
      <Section title={t`Your data`}>
        <DataExportSection />
      </Section>
      <Section title={t`Account aliases`}>
        <AliasesSection />
      </Section>
      <Section title={t`Move to another account`}>
        <MoveSection />
      </Section>
      <Section title={t`Delete account`}>
        <DeleteAccountSection />
      </Section>
    </Page>
  );
}
