/**
 * /login. With `?addAccount=1` a signed-in person signs in to one more account (Add Account) instead
 * of being sent back to the app; the accounts already signed in stay signed in.
 */

import type { MeDto } from '@glimpse/shared';
import { limits, messages, paths } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { ErrorMessage, SuccessMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { useToast } from '@/components/toast.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { fullName } from '@/lib/format.ts';
import { useRegistrationInfo } from '@/lib/registrations.ts';
import { useAuth } from '@/lib/session.ts';
import { useDeviceAccounts } from './api/list-accounts.ts';
import { useSignInWithPasskey } from './api/passkey-sign-in.ts';
import { AuthLayout } from './auth-layout.tsx';
import styles from './form.module.css';
import { LoginForm } from './login-form.tsx';
import { RegistrationModeNote } from './registration-mode-note.tsx';
import { returnPathFrom } from './return-path.ts';

export function LoginScreen() {
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const returnTo = returnPathFrom(location.state);
  const signedIn = auth.status === 'signedIn' ? auth.me : null;
  const search = new URLSearchParams(location.search);
  const addingAccount = Boolean(signedIn) && search.has('addAccount');
  // Settings → Delete account ends here (/login?deleted=1).
  const accountDeleted = !signedIn && search.has('deleted');
  // The confirmation link of a sign-up that waits for approval lands here (server auth/registrations.ts).
  const waiting = !signedIn && search.has('waiting');
  const registrations = useRegistrationInfo();
  const accounts = useDeviceAccounts({ enabled: addingAccount });
  const passkey = useSignInWithPasskey();
  const atLimit = addingAccount && (accounts.data?.length ?? 0) >= limits.deviceAccountsMax;

  if (signedIn && !addingAccount) return <Navigate to={returnTo} replace />;

  function signedInAs(me: MeDto | null) {
    if (addingAccount && me) {
      toast.success(messages.accounts.added(fullName(me.profile) || me.user.email));
      navigate(paths.home, { replace: true });
      return;
    }
    navigate(returnTo, { replace: true });
  }

  const currentName = signedIn ? fullName(signedIn.profile) || signedIn.user.email : '';

  return (
    <AuthLayout
      title={addingAccount ? t`Add account` : t`Sign in`}
      subtitle={
        addingAccount
          ? t`Sign in to another account. You stay signed in as ${currentName}.`
          : t`Welcome back. Sign in to see what your people are sharing.`
      }
    >
      {accountDeleted && <SuccessMessage>{messages.account.deleted}</SuccessMessage>}
      {waiting && <ErrorMessage>{messages.registrations.waitingForApproval}</ErrorMessage>}
      <LoginForm
        blocked={atLimit ? messages.accounts.limitReached(limits.deviceAccountsMax) : null}
        onSignedIn={signedInAs}
      />
      <Button
        variant="secondary"
        block
        disabled={atLimit}
        busy={passkey.isPending}
        onClick={() => passkey.mutate(undefined, { onSuccess: signedInAs })}
      >
        <Trans>Sign in with a passkey</Trans>
      </Button>
      {passkey.isError && (
        <ErrorMessage>
          {isApiError(passkey.error, 'RateLimited') ? messages.auth.tooManyAttempts : passkey.error.message}
        </ErrorMessage>
      )}
      {!addingAccount && (
        <p className={styles.footer}>
          <Link to={paths.forgotPassword}>{messages.account.forgotPasswordLink}</Link>
        </p>
      )}
      <p className={styles.footer}>
        <Trans>
          New to Glimpse? <Link to={addingAccount ? paths.addAccountSignup : paths.signup}>Sign up</Link>
        </Trans>
      </p>
      <RegistrationModeNote mode={registrations.data?.mode} />
      {addingAccount && (
        <p className={styles.footer}>
          <Link to={returnTo}>
            <Trans>Cancel</Trans>
          </Link>
        </p>
      )}
    </AuthLayout>
  );
}
