/** Change password: Current password, New password, Change password. */

import { ChangePasswordInput, messages } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { ErrorMessage, SuccessMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { TextField } from '@/components/field.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useForm } from '@/lib/use-form.ts';
import styles from './account-screen.module.css';
import { useChangePassword } from './api/change-password.ts';

function failureText(error: unknown): string {
  if (isApiError(error) && error.code === 'INVALID_PASSWORD') return messages.account.currentPasswordWrong;
  if (isApiError(error, 'Network')) return messages.common.networkError;
  if (isApiError(error, 'RateLimited')) return messages.auth.tooManyAttempts;
  return messages.common.somethingWentWrong;
}

export function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useForm({
    initial: { currentPassword: '', newPassword: '' },
    schema: ChangePasswordInput,
    onSubmit: async (input) => {
      await change.mutateAsync(input);
      form.reset();
    },
  });

  return (
    <form className={styles.form} onSubmit={form.submit} noValidate>
      <TextField
        label={t`Current password`}
        type="password"
        autoComplete="current-password"
        {...form.field('currentPassword')}
        aria-required="true"
      />
      <TextField
        label={t`New password`}
        type="password"
        autoComplete="new-password"
        {...form.field('newPassword')}
        aria-required="true"
      />
      <ErrorMessage>{form.failure === null ? '' : failureText(form.failure)}</ErrorMessage>
      {change.isSuccess && !form.busy && <SuccessMessage>{messages.account.passwordChanged}</SuccessMessage>}
      <div>
        <Button type="submit" busy={form.busy} busyLabel={messages.common.submitting}>
          <Trans>Change password</Trans>
        </Button>
      </div>
    </form>
  );
}
