/**
 * /signup, and Add Account → Sign up (the accounts already signed in stay signed in). Once sent,
 * the screen says "Check your email": the emailed link signs the new account in and opens
 * /setupProfile.
 */

import { inviteProblem, messages, paths } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link, Navigate, useLocation } from 'react-router';
import { ErrorMessage, SuccessMessage } from '@/components/alert.tsx';
import { useRegistrationInfo } from '@/lib/registrations.ts';
import { useAuth } from '@/lib/session.ts';
import { useSignUp } from './api/sign-up.ts';
import { AuthLayout } from './auth-layout.tsx';
import { CheckEmail } from './check-email.tsx';
import styles from './form.module.css';
import { RegistrationModeNote } from './registration-mode-note.tsx';
import { SignupForm } from './signup-form.tsx';

export function SignupScreen() {
  const auth = useAuth();
  const location = useLocation();
  const signUp = useSignUp();
  const invite = new URLSearchParams(location.search).get('invite')?.trim() ?? '';
  const registrations = useRegistrationInfo(invite);
  const info = registrations.data;
  // Add Account → Sign up: a signed-in person creates one more account and stays signed in to the others.
  const addingAccount = auth.status === 'signedIn' && new URLSearchParams(location.search).has('addAccount');
  const loginPath = addingAccount ? paths.addAccount : paths.login;

  if (auth.status === 'signedIn' && !addingAccount && !signUp.isSuccess) return <Navigate to="/" replace />;

  if (signUp.isSuccess) {
    return (
      <AuthLayout title={messages.auth.checkEmailTitle} subtitle={t`One step left: confirm your address.`}>
        <CheckEmail email={signUp.variables.email} />
        {info?.mode === 'approval' && !signUp.variables.inviteCode && (
          <p className={styles.footer}>
            <Trans>Then a moderator reviews your sign-up, and we email you their answer.</Trans>
          </p>
        )}
        <p className={styles.footer}>
          <Link to={loginPath}>
            <Trans>Back to sign in</Trans>
          </Link>
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={t`Sign up`}
      subtitle={
        addingAccount
          ? t`Create another Glimpse account. You stay signed in to the ones you have.`
          : t`Create your Glimpse account. It takes a minute.`
      }
    >
      <RegistrationModeNote mode={info?.mode} />
      {info?.invite && info.invite.state !== 'valid' && (
        <ErrorMessage>{inviteProblem[info.invite.state]()}</ErrorMessage>
      )}
      {info?.invite?.state === 'valid' && info.invite.inviterName && (
        <SuccessMessage>{t`${info.invite.inviterName} invited you.`}</SuccessMessage>
      )}
      {info?.paused && <ErrorMessage>{messages.registrations.paused}</ErrorMessage>}
      {info?.mode === 'closed' ? (
        <p className={styles.footer}>
          {info.contact.email ? (
            <a href={`mailto:${info.contact.email}`}>
              <Trans>Contact the server’s admins</Trans>
            </a>
          ) : (
            <Link to={paths.help}>
              <Trans>About this server</Trans>
            </Link>
          )}
        </p>
      ) : (
        <SignupForm key={invite} signUp={signUp} info={info} invite={invite} />
      )}
      <p className={styles.footer}>
        <Trans>
          Already have an account? <Link to={loginPath}>Log in</Link>
        </Trans>
      </p>
    </AuthLayout>
  );
}
