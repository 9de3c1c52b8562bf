/**
 * /settings/account: change password, change email, two-factor, passkeys, the devices signed in, Download your data, Delete account. Each section is its
 * own component beside this file.
 */
import { type ReactNode, useId } from 'react';
import { Page } from '@/components/page.tsx';
import { useViewer } from '@/lib/session.ts';
import styles from './account-screen.module.css';
import { ChangeEmailForm } from './change-email-form.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { DataExportSection } from './data-export-section.tsx';
import { DeleteAccountSection } from './delete-account-section.tsx';
import { DevicesSection } from './devices-section.tsx';
import { PasskeysSection } from './passkeys-section.tsx';
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
    <Page title="Account" width="narrow">
      <p className={styles.muted}>Signed in as {me.user.email}</p>
      <Section title="Password">
        <ChangePasswordForm />
      </Section>
      <Section title="Email">
        <ChangeEmailForm />
      </Section>
      <Section title="Two-factor authentication">
        <TwoFactorSection />
      </Section>
      <Section title="Passkeys">
        <PasskeysSection />
      </Section>
      <Section title="Devices">
        <DevicesSection userId={me.user.id} />
      </Section>
      <Section title="Your data">
        <DataExportSection />
      </Section>
      <Section title="Delete account">
        <DeleteAccountSection />
      </Section>
    </Page>
  );
}
