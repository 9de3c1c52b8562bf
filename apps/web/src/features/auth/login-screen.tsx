import { messages, paths } from '@glimpse/shared';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { ErrorMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { TextField } from '@/components/field.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useAuth } from './api/get-me.ts';
import { useSignIn } from './api/sign-in.ts';
import { AuthLayout } from './auth-layout.tsx';
import styles from './form.module.css';
import { returnPathFrom } from './return-path.ts';

export function LoginScreen() {
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [error, setError] = useState('');
  const returnTo = returnPathFrom(location.state);

  if (auth.status === 'signedIn' && !signIn.isPending) return <Navigate to={returnTo} replace />;

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
        onSuccess: () => navigate(returnTo, { replace: true }),
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

  return (
    <AuthLayout title="Sign in" subtitle="Welcome back. Sign in to see what your people are sharing.">
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
        <ErrorMessage>{error}</ErrorMessage>
        <Button type="submit" block busy={signIn.isPending} busyLabel={messages.auth.signingIn}>
          Sign in
        </Button>
      </form>
      <p className={styles.footer}>
        New to Glimpse? <Link to={paths.signup}>Sign up</Link>
      </p>
    </AuthLayout>
  );
}
