/**
 * /signup, and Add Account → Sign up (the accounts already signed in stay signed in). Once sent,
 * the screen says "Check your email": the emailed link signs the new account in and opens
 * /setupProfile.
 */

import { messages, paths } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link, Navigate, useLocation } from 'react-router';
import { useAuth } from '@/lib/session.ts';
import { useSignUp } from './api/sign-up.ts';
import { AuthLayout } from './auth-layout.tsx';
import { CheckEmail } from './check-email.tsx';
import styles from './form.module.css';
import { SignupForm } from './signup-form.tsx';

export function SignupScreen() {
  const auth = useAuth();
  const location = useLocation();
  const signUp = useSignUp();
  // Add Account → Sign up: a signed-in person creates one more account and stays signed in to the others.
  const addingAccount = auth.status === 'signedIn' && new URLSearchParams(location.search).has('addAccount');
  const loginPath = addingAccount ? paths.addAccount : paths.login;

  if (auth.status === 'signedIn' && !addingAccount && !signUp.isSuccess) return <Navigate to="/" replace />;

  if (signUp.isSuccess) {
    return (
      <AuthLayout title={messages.auth.checkEmailTitle} subtitle={t`One step left: confirm your address.`}>
        <CheckEmail email={signUp.variables.email} />
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
      <SignupForm signUp={signUp} />
      <p className={styles.footer}>
        <Trans>
          Already have an account? <Link to={loginPath}>Log in</Link>
        </Trans>
      </p>
    </AuthLayout>
  );
}
