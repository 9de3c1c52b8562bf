/**
 * /settings: the accounts on this device (switch, Add Account), links to the saved and liked posts,
 * the legal pages and help, About, and Log out (of the active account only).
 */

import { paths } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import {
  AppWindow,
  Ban,
  Bell,
  Bookmark,
  ChartLine,
  ChevronRight,
  EyeOff,
  FileText,
  Globe,
  Heart,
  Info,
  KeyRound,
  Languages,
  LifeBuoy,
  Link2,
  LogOut,
  type LucideIcon,
  Megaphone,
  ScrollText,
  ShieldAlert,
  ShieldCheck,
  Upload,
  UserPlus,
  Users,
} from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { Page } from '@/components/page.tsx';
import { useViewer } from '@/lib/session.ts';
import { AboutDialog } from './about-dialog.tsx';
import { MediaSettings } from './media-settings.tsx';
import styles from './settings-screen.module.css';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function Row({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <>
      <Icon aria-hidden="true" size={20} className={styles.icon} />
      <span className={styles.label}>{children}</span>
      <ChevronRight aria-hidden="true" size={18} className={`${styles.chevron} flip-in-rtl`} />
    </>
  );
}

function LinkRow({ to, icon, children }: { to: string; icon: LucideIcon; children: string }) {
  return (
    <li>
      <Link to={to} className={styles.row}>
        <Row icon={icon}>{children}</Row>
      </Link>
    </li>
  );
}

interface SettingsScreenProps {
  /** The accounts on this device, from the auth feature (app/settings-route.tsx composes them). */
  accounts: ReactNode;
  logOut: { run: () => void; pending: boolean };
}

export function SettingsScreen({ accounts, logOut }: SettingsScreenProps) {
  const [aboutOpen, setAboutOpen] = useState(false);
  const { role } = useViewer().user;

  return (
    <Page title={t`Settings`} width="narrow">
      <Section title={t`Accounts`}>
        <div className={styles.card}>{accounts}</div>
      </Section>

      <Section title={t`Preferences`}>
        <ul className={styles.card}>
          <LinkRow to={paths.settingsAccount} icon={KeyRound}>
            {t`Account`}
          </LinkRow>
          <LinkRow to={paths.settingsNotifications} icon={Bell}>
            {t`Notifications`}
          </LinkRow>
          <LinkRow to={paths.settingsLanguage} icon={Languages}>
            {t`Language`}
          </LinkRow>
          <LinkRow to={paths.settingsImport} icon={Upload}>
            {t`Import`}
          </LinkRow>
          <LinkRow to={paths.settingsApps} icon={AppWindow}>
            {t`Apps`}
          </LinkRow>
          <LinkRow to={paths.settingsInvites} icon={Link2}>
            {t`Invites`}
          </LinkRow>
        </ul>
      </Section>

      <Section title={t`Your posts`}>
        <ul className={styles.card}>
          <LinkRow to={paths.savedPosts} icon={Bookmark}>
            {t`Saved`}
          </LinkRow>
          <LinkRow to={paths.likedPosts} icon={Heart}>
            {t`Liked`}
          </LinkRow>
        </ul>
      </Section>

      <Section title={t`Safety`}>
        <ul className={styles.card}>
          <LinkRow to={paths.blockedAccounts} icon={Ban}>
            {t`Blocked accounts`}
          </LinkRow>
          <LinkRow to={paths.mutedWords} icon={EyeOff}>
            {t`Muted words`}
          </LinkRow>
          {(role === 'moderator' || role === 'admin') && (
            <LinkRow to={paths.moderation} icon={ShieldAlert}>
              {t`Moderation`}
            </LinkRow>
          )}
          {(role === 'moderator' || role === 'admin') && (
            <LinkRow to={paths.adminRegistrations} icon={UserPlus}>
              {t`Registrations`}
            </LinkRow>
          )}
          {role === 'admin' && (
            <LinkRow to={paths.adminRules} icon={ScrollText}>
              {t`Rules`}
            </LinkRow>
          )}
          {role === 'admin' && (
            <LinkRow to={paths.adminDashboard} icon={ChartLine}>
              {t`Dashboard`}
            </LinkRow>
          )}
          {role === 'admin' && (
            <LinkRow to={paths.adminAnnouncements} icon={Megaphone}>
              {t`Announcements`}
            </LinkRow>
          )}
          {role === 'admin' && (
            <LinkRow to={paths.adminFederation} icon={Globe}>
              {t`Federation`}
            </LinkRow>
          )}
        </ul>
      </Section>

      <Section title={t`Media`}>
        <MediaSettings />
      </Section>

      <Section title={t`Help and policies`}>
        <ul className={styles.card}>
          <LinkRow to={paths.terms} icon={FileText}>
            {t`Terms`}
          </LinkRow>
          <LinkRow to={paths.privacy} icon={ShieldCheck}>
            {t`Privacy`}
          </LinkRow>
          <LinkRow to={paths.guidelines} icon={Users}>
            {t`Community Guidelines`}
          </LinkRow>
          <LinkRow to={paths.help} icon={LifeBuoy}>
            {t`Help`}
          </LinkRow>
          <li>
            <button
              type="button"
              className={styles.row}
              onClick={() => setAboutOpen(true)}
              aria-haspopup="dialog"
            >
              <Row icon={Info}>
                <Trans>About</Trans>
              </Row>
            </button>
          </li>
        </ul>
      </Section>

      <button
        type="button"
        className={styles.logOut}
        onClick={logOut.run}
        disabled={logOut.pending}
        aria-busy={logOut.pending}
      >
        <LogOut aria-hidden="true" size={20} />
        <span>
          <Trans>Log out</Trans>
        </span>
      </button>

      <AboutDialog open={aboutOpen} onClose={() => setAboutOpen(false)} />
    </Page>
  );
}
