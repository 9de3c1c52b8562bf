/**
 * /reset-password?token=…: New password, Verify password, Reset password. better-auth ends every
 * session of the account when it succeeds, so the person signs in again with the new password; the
 * passkeys added lately are gone too (server auth/auth.ts), and the screen says so.
 */

import { messages, passkeyLimits, paths, ResetPasswordInput } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link, useLocation } from 'react-router';
import { ErrorMessage, SuccessMessage } from '@/components/alert.tsx';
import { Button, ButtonLink } from '@/components/button.tsx';
import { TextField } from '@/components/field.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useForm } from '@/lib/use-form.ts';
import { useResetPassword } from './api/password-reset.ts';
import { AuthLayout } from './auth-layout.tsx';
import styles from './form.module.css';

function failureText(error: unknown): string {
  if (isApiError(error, 'Network')) return messages.common.networkError;
  if (isApiError(error, 'RateLimited')) return messages.auth.tooManyAttempts;
  if (isApiError(error) && error.code === 'INVALID_TOKEN') return messages.account.resetLinkInvalid;
  return messages.common.somethingWentWrong;
}

export function ResetPasswordScreen() {
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  const reset = useResetPassword();
  const form = useForm({
    initial: { newPassword: '', verifyPassword: '' },
    schema: ResetPasswordInput,
    onSubmit: ({ newPassword }) => reset.mutateAsync({ token, newPassword }),
  });

  if (reset.isSuccess) {
    return (
      <AuthLayout title={t`Password reset`} subtitle="">
        <SuccessMessage>{messages.account.resetDone(passkeyLimits.recoveryLookbackDays)}</SuccessMessage>
        <ButtonLink to={paths.login}>
          <Trans>Sign in</Trans>
        </ButtonLink>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={t`Choose a new password`}
      subtitle={t`You will be signed out everywhere, then sign in with the new password.`}
    >
      {token ? (
        <form className={styles.form} onSubmit={form.submit} noValidate>
          <TextField
            label={t`New password`}
            type="password"
            autoComplete="new-password"
            {...form.field('newPassword')}
            aria-required="true"
          />
          <TextField
            label={t`Verify password`}
            type="password"
            autoComplete="new-password"
            {...form.field('verifyPassword')}
            aria-required="true"
          />
          <ErrorMessage>{form.failure === null ? '' : failureText(form.failure)}</ErrorMessage>
          <Button type="submit" block busy={form.busy} busyLabel={messages.common.submitting}>
            <Trans>Reset password</Trans>
          </Button>
        </form>
      ) : (
        <ErrorMessage>{messages.account.resetLinkMissing}</ErrorMessage>
      )}
      <p className={styles.footer}>
        <Link to={paths.forgotPassword}>
          <Trans>Ask for a new link</Trans>
        </Link>
      </p>
    </AuthLayout>
  );
}
