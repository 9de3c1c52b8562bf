import { limits, messages, paths, SignUpInput } from '@glimpse/shared';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { ErrorMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { TextField } from '@/components/field.tsx';
import { type ApiError, isApiError } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/session.ts';
import { useSignUp } from './api/sign-up.ts';
import { AuthLayout } from './auth-layout.tsx';
import styles from './form.module.css';

/** The reason behind "Error during sign up", when the server names one we can explain. */
function signUpDetail(error: ApiError): string | null {
  if (error.kind === 'Network') return messages.common.networkError;
  if (error.kind === 'RateLimited') return messages.auth.tooManyAttempts;
  if (error.code?.startsWith('USER_ALREADY_EXISTS')) return messages.auth.emailTaken;
  if (error.code === 'PASSWORD_TOO_SHORT') return messages.auth.passwordTooShort(limits.passwordMin);
  if (error.code === 'INVALID_EMAIL') return 'That email address does not look right.';
  return null;
}

export function SignupScreen() {
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const signUp = useSignUp();
  // Add Account → Sign up: a signed-in person creates one more account and stays signed in to the others.
  const addingAccount = auth.status === 'signedIn' && new URLSearchParams(location.search).has('addAccount');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [verifyPassword, setVerifyPassword] = useState('');
  const [error, setError] = useState<{ message: string; detail?: string | null } | null>(null);

  if (auth.status === 'signedIn' && !addingAccount && !signUp.isPending && !signUp.isSuccess)
    return <Navigate to="/" replace />;

  const passwordsDiffer = verifyPassword !== '' && password !== verifyPassword;

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = SignUpInput.safeParse({ email, password, verifyPassword });
    if (!parsed.success) {
      setError({ message: parsed.error.issues[0]?.message ?? messages.auth.allFieldsRequired });
      return;
    }
    setError(null);
    signUp.mutate(
      { email: parsed.data.email, password: parsed.data.password },
      {
        onSuccess: () => navigate(paths.setupProfile, { replace: true }),
        onError: (err) =>
          setError({
            message: messages.auth.signUpFailed,
            detail: isApiError(err) ? signUpDetail(err) : null,
          }),
      },
    );
  }

  return (
    <AuthLayout
      title="Sign up"
      subtitle={
        addingAccount
          ? 'Create another Glimpse account. You stay signed in to the ones you have.'
          : 'Create your Glimpse account. It takes a minute.'
      }
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-required="true"
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint={`At least ${limits.passwordMin} characters.`}
          aria-required="true"
        />
        <TextField
          label="Verify password"
          type="password"
          autoComplete="new-password"
          value={verifyPassword}
          onChange={(e) => setVerifyPassword(e.target.value)}
          aria-required="true"
        />
        {passwordsDiffer ? (
          <ErrorMessage>{messages.auth.passwordsDoNotMatch}</ErrorMessage>
        ) : (
          error && (
            <ErrorMessage>
              {error.message}
              {error.detail && <span className={styles.detail}>{error.detail}</span>}
            </ErrorMessage>
          )
        )}
        <p className={styles.terms}>
          By signing up, you agree to our <Link to={paths.terms}>Terms of Service</Link> and{' '}
          <Link to={paths.privacy}>Privacy Policy</Link>.
        </p>
        <Button
          type="submit"
          block
          disabled={passwordsDiffer}
          busy={signUp.isPending}
          busyLabel={messages.auth.signingUp}
        >
          Sign up
        </Button>
      </form>
      <p className={styles.footer}>
        Already have an account? <Link to={addingAccount ? paths.addAccount : paths.login}>Log in</Link>
      </p>
    </AuthLayout>
  );
}
