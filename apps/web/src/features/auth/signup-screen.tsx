/** /signup, and Add Account → Sign up (the accounts already signed in stay signed in). */
import { paths } from '@glimpse/shared';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useAuth } from '@/lib/session.ts';
import { useSignUp } from './api/sign-up.ts';
import { AuthLayout } from './auth-layout.tsx';
import styles from './form.module.css';
import { SignupForm } from './signup-form.tsx';

export function SignupScreen() {
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  // Signing up signs in before the form navigates to /setupProfile: stay until it does.
  const signUp = useSignUp();
  // Add Account → Sign up: a signed-in person creates one more account and stays signed in to the others.
  const addingAccount = auth.status === 'signedIn' && new URLSearchParams(location.search).has('addAccount');

  if (auth.status === 'signedIn' && !addingAccount && !signUp.isPending && !signUp.isSuccess)
    return <Navigate to="/" replace />;

  return (
    <AuthLayout
      title="Sign up"
      subtitle={
        addingAccount
          ? 'Create another Glimpse account. You stay signed in to the ones you have.'
          : 'Create your Glimpse account. It takes a minute.'
      }
    >
      <SignupForm signUp={signUp} onSignedUp={() => navigate(paths.setupProfile, { replace: true })} />
      <p className={styles.footer}>
        Already have an account? <Link to={addingAccount ? paths.addAccount : paths.login}>Log in</Link>
      </p>
    </AuthLayout>
  );
}
