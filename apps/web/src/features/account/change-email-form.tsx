/**
 * Change email: Email (the new address), Password, Change email. Nothing changes until the link
 * mailed to the new address is opened; it lands back here with `?emailChanged=1`.
 */

import { ChangeEmailInput, messages } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ErrorMessage, SuccessMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { TextField } from '@/components/field.tsx';
import { useToast } from '@/components/toast.tsx';
import { authKeys } from '@/lib/query-keys.ts';
import { useForm } from '@/lib/use-form.ts';
import styles from './account-screen.module.css';
import { useChangeEmail } from './api/change-email.ts';

export function ChangeEmailForm() {
  const change = useChangeEmail();
  const toast = useToast();
  const queryClient = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  const justChanged = new URLSearchParams(location.search).has('emailChanged');

  useEffect(() => {
    if (!justChanged) return;
    toast.success(messages.changeEmail.changed);
    void queryClient.invalidateQueries({ queryKey: authKeys.me });
    // Said once: a reload must not say it again.
    navigate(location.pathname, { replace: true });
  }, [justChanged, toast, queryClient, navigate, location.pathname]);

  const form = useForm({
    initial: { newEmail: '', password: '' },
    schema: ChangeEmailInput,
    onSubmit: async (input) => {
      await change.mutateAsync(input);
      form.reset();
    },
  });

  return (
    <form className={styles.form} onSubmit={form.submit} noValidate>
      <TextField
        label={t`Email`}
        type="email"
        autoComplete="email"
        {...form.field('newEmail')}
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
        {form.failure === null ? '' : form.alert(messages.common.somethingWentWrong)}
      </ErrorMessage>
      {change.isSuccess && !form.busy && <SuccessMessage>{messages.changeEmail.sent}</SuccessMessage>}
      <div>
        <Button type="submit" busy={form.busy} busyLabel={messages.common.submitting}>
          <Trans>Change email</Trans>
        </Button>
      </div>
    </form>
  );
}
