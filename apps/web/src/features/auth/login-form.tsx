/** The Sign in form: Email, Password, the failure alert, Sign in (busy: Signing in...). */

import type { MeDto } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { ErrorMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { TextField } from '@/components/field.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useForm } from '@/lib/use-form.ts';
import { useSignIn } from './api/sign-in.ts';
import styles from './form.module.css';
import { TwoFactorStep } from './two-factor-step.tsx';

/** Why sign-in failed, in words that do not say whether the email exists. */
function failureText(error: unknown, email: string): string {
  if (isApiError(error, 'RateLimited')) return messages.auth.tooManyAttempts;
  if (isApiError(error, 'Network')) return messages.common.networkError;
  // Only the right password reaches these checks, so they say nothing to a guesser.
  if (isApiError(error) && error.code === 'BANNED_USER') return messages.safety.suspended;
  // The account is there but a moderator has not approved it yet (auth/registrations.ts).
  if (isApiError(error) && error.code === 'ACCOUNT_WAITING') return messages.registrations.waitingForApproval;
  // The address is not confirmed yet: the server has just mailed a new link.
  if (isApiError(error) && error.code === 'EMAIL_NOT_VERIFIED') return messages.auth.emailNotVerified(email);
  return messages.auth.signInFailed;
}

interface LoginFormProps {
  /** Shown instead of a failure, with Sign in disabled (Add Account at the device's limit). */
  blocked: string | null;
  onSignedIn: (me: MeDto | null) => void;
}

export function LoginForm({ blocked, onSignedIn }: LoginFormProps) {
  const signIn = useSignIn();
  const form = useForm({
    initial: { email: '', password: '' },
    schema: () => import('./sign-in-schema.ts').then((module) => module.SignInInput),
    onSubmit: async (input) => {
      const result = await signIn.mutateAsync(input);
      if (result.twoFactor) setAskingCode(true);
      else onSignedIn(result.me);
    },
  });
  const [askingCode, setAskingCode] = useState(false);
  if (askingCode) return <TwoFactorStep onSignedIn={onSignedIn} onCancel={() => setAskingCode(false)} />;

  return (
    <form className={styles.form} onSubmit={form.submit} noValidate>
      <TextField
        label={t`Email`}
        type="email"
        autoComplete="email"
        {...form.field('email')}
        aria-required="true"
      />
      <TextField
        label={t`Password`}
        type="password"
        autoComplete="current-password"
        {...form.field('password')}
        aria-required="true"
      />
      <ErrorMessage>
        {blocked ?? (form.failure === null ? '' : failureText(form.failure, form.values.email.trim()))}
      </ErrorMessage>
      <Button
        type="submit"
        block
        disabled={blocked !== null}
        busy={form.busy}
        busyLabel={messages.auth.signingIn}
      >
        <Trans>Sign in</Trans>
      </Button>
    </form>
  );
}
