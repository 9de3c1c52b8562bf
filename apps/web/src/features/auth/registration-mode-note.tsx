/** One line under "Sign up" on /login and above the /signup form: who may join this server now. */
import type { RegistrationMode } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import styles from './form.module.css';

export function RegistrationModeNote({ mode }: { mode: RegistrationMode | undefined }) {
  const note =
    mode === 'approval'
      ? t`New accounts need a moderator’s approval.`
      : mode === 'invite'
        ? t`Joining is by invitation only.`
        : mode === 'closed'
          ? t`This server is not taking new sign-ups.`
          : null;
  return note ? <p className={styles.footer}>{note}</p> : null;
}
