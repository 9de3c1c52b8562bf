/**
 * Add a passkey, step one: a dialog asks for the Password (and a Code when two-factor is on), since
 * a passkey outlasts the session that adds it. Continue sends them; only then does the browser's
 * passkey prompt open. What went wrong is one alert in the dialog (the field at fault is marked
 * invalid); success closes it.
 */

import { AddPasskeyInput, messages } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { ErrorMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { Dialog } from '@/components/dialog.tsx';
import { TextField } from '@/components/field.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useForm } from '@/lib/use-form.ts';
import styles from './account-screen.module.css';
import type { useAddPasskey } from './api/passkeys.ts';
import { useTwoFactorEnabled } from './api/two-factor.ts';
import { describeBrowser } from './user-agent.ts';

function failureText(error: unknown): string {
  if (isApiError(error, 'Network')) return messages.common.networkError;
  return error instanceof Error && error.message ? error.message : messages.passkeys.failed;
}

interface AddPasskeyDialogProps {
  open: boolean;
  onClose: () => void;
  add: ReturnType<typeof useAddPasskey>;
}

export function AddPasskeyDialog({ open, onClose, add }: AddPasskeyDialogProps) {
  const twoFactor = useTwoFactorEnabled();
  const form = useForm({
    initial: { password: '', code: '' },
    schema: AddPasskeyInput,
    onSubmit: async (input) => {
      try {
        await add.mutateAsync({
          ...input,
          name: `Passkey on ${describeBrowser(navigator.userAgent) ?? 'this device'}`,
        });
      } catch (error) {
        // Unless the password was refused, the code was checked and is spent (each is good once).
        if (!(isApiError(error) && error.fields.password)) form.set('code', '');
        throw error;
      }
      close();
    },
  });
  // One alert says what is wrong (it is announced); the fields only show that they are the cause.
  const { error: passwordError, ...password } = form.field('password');
  const { error: codeError, ...code } = form.field('code');
  const close = () => {
    form.reset();
    onClose();
  };
  const formId = 'add-passkey-form';

  return (
    <Dialog
      open={open}
      onClose={close}
      title={messages.passkeys.stepUpTitle}
      actions={
        <>
          <Button variant="secondary" onClick={close}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" form={formId} busy={form.busy}>
            <Trans>Continue</Trans>
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={form.submit} noValidate>
        <p>{twoFactor.data ? messages.passkeys.stepUpIntroWithCode : messages.passkeys.stepUpIntro}</p>
        <TextField
          label={t`Password`}
          type="password"
          autoComplete="current-password"
          autoFocus
          {...password}
          aria-invalid={passwordError ? true : undefined}
          aria-required="true"
        />
        {twoFactor.data && (
          <TextField
            label={t`Code`}
            inputMode="numeric"
            autoComplete="one-time-code"
            {...code}
            aria-invalid={codeError ? true : undefined}
            aria-required="true"
          />
        )}
        <ErrorMessage>
          {form.failure === null ? (Object.values(form.errors)[0] ?? '') : failureText(form.failure)}
        </ErrorMessage>
      </form>
    </Dialog>
  );
}
