import { limits, messages, paths } from '@glimpse/shared';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { ErrorMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { TextField } from '@/components/field.tsx';
import { useToast } from '@/components/toast.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { fullName } from '@/lib/format.ts';
import { useAuth } from '@/lib/session.ts';
import { useDeviceAccounts } from './api/list-accounts.ts';
import { useSignIn } from './api/sign-in.ts';
import { AuthLayout } from './auth-layout.tsx';
import styles from './form.module.css';
import { returnPathFrom } from './return-path.ts';

/**
 * /login. With `?addAccount=1` a signed-in person signs in to one more account (Add Account) instead
 * of being sent back to the app; the accounts already signed in stay signed in.
 */
export function LoginScreen() {
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [error, setError] = useState('');
  const returnTo = returnPathFrom(location.state);
  const signedIn = auth.status === 'signedIn' ? auth.me : null;
  const addingAccount = Boolean(signedIn) && new URLSearchParams(location.search).has('addAccount');
  const accounts = useDeviceAccounts({ enabled: addingAccount });
  const atLimit = addingAccount && (accounts.data?.length ?? 0) >= limits.deviceAccountsMax;

  if (signedIn && !addingAccount && !signIn.isPending) return <Navigate to={returnTo} replace />;

  function submit(event: FormEvent) {
    event.preventDefault();
    const missing = {
      ...(!email.trim() && { email: 'Email is required.' }),
      ...(!password && { password: 'Password is required.' }),
    };
    setFieldErrors(missing);
    setError('');
    if (Object.keys(missing).length) return;
    signIn.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (me) => {
          if (addingAccount && me) {
            toast.success(messages.accounts.added(fullName(me.profile) || me.user.email));
            navigate(paths.home, { replace: true });
            return;
          }
          navigate(returnTo, { replace: true });
        },
        onError: (err) =>
          setError(
            isApiError(err, 'RateLimited')
              ? messages.auth.tooManyAttempts
              : isApiError(err, 'Network')
                ? messages.common.networkError
                : messages.auth.signInFailed,
          ),
      },
    );
  }

  const currentName = signedIn ? fullName(signedIn.profile) || signedIn.user.email : '';

  return (
    <AuthLayout
      title={addingAccount ? 'Add account' : 'Sign in'}
      subtitle={
        addingAccount
          ? `Sign in to another account. You stay signed in as ${currentName}.`
          : 'Welcome back. Sign in to see what your people are sharing.'
      }
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldErrors.email}
          aria-required="true"
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={fieldErrors.password}
          aria-required="true"
        />
        <ErrorMessage>
          {atLimit ? messages.accounts.limitReached(limits.deviceAccountsMax) : error}
        </ErrorMessage>
        <Button
          type="submit"
          block
          disabled={atLimit}
          busy={signIn.isPending}
          busyLabel={messages.auth.signingIn}
        >
          Sign in
        </Button>
      </form>
      <p className={styles.footer}>
        New to Glimpse? <Link to={addingAccount ? paths.addAccountSignup : paths.signup}>Sign up</Link>
      </p>
      {addingAccount && (
        <p className={styles.footer}>
          <Link to={returnTo}>Cancel</Link>
        </p>
      )}
    </AuthLayout>
  );
}
