/**
 * Delete account: a dialog asks for the password (Password, Delete account / Cancel). Afterwards
 * the cache of the deleted account is dropped and /login says "Your account has been deleted."
 */

import { DeleteAccountInput, messages, paths } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { Dialog } from '@/components/dialog.tsx';
import { TextField } from '@/components/field.tsx';
import { actionableMessage } from '@/lib/api-client.ts';
import { useForm } from '@/lib/use-form.ts';
import styles from './account-screen.module.css';
import { useDeleteAccount } from './api/delete-account.ts';
import { useTwoFactorEnabled } from './api/two-factor.ts';

export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  const deleteAccount = useDeleteAccount();
  const twoFactor = useTwoFactorEnabled();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm({
    initial: { password: '', code: '' },
    schema: DeleteAccountInput,
    onSubmit: async (input) => {
      await deleteAccount.mutateAsync(input);
      queryClient.clear();
      navigate(`${paths.login}?deleted=1`, { replace: true });
    },
  });
  const close = () => {
    setOpen(false);
    form.reset();
  };
  const formId = 'delete-account-form';

  return (
    <div className={styles.form}>
      <p className={styles.muted}>{messages.account.deleteWarning}</p>
      <div>
        <Button variant="danger" onClick={() => setOpen(true)} aria-haspopup="dialog">
          <Trans>Delete account</Trans>
        </Button>
      </div>
      <Dialog
        open={open}
        onClose={close}
        title={t`Delete your account?`}
        actions={
          <>
            <Button variant="secondary" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            <Button variant="danger" type="submit" form={formId} busy={form.busy} busyLabel={t`Deleting...`}>
              <Trans>Delete account</Trans>
            </Button>
          </>
        }
      >
        <form id={formId} className={styles.form} onSubmit={form.submit} noValidate>
          <p>{messages.account.deleteWarning}</p>
          <TextField
            label={t`Password`}
            type="password"
            autoComplete="current-password"
            autoFocus
            {...form.field('password')}
            aria-required="true"
          />
          {twoFactor.data && (
            <TextField
              label={t`Code`}
              inputMode="numeric"
              autoComplete="one-time-code"
              {...form.field('code')}
              aria-required="true"
            />
          )}
          <ErrorMessage>
            {form.failure === null || form.errors.password || form.errors.code
              ? ''
              : actionableMessage(form.failure, messages.account.deleteFailed)}
          </ErrorMessage>
        </form>
      </Dialog>
    </div>
  );
}
