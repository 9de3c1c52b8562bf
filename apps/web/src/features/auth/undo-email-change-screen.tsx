/**
 * /email-change/undo?token=…, opened from the mail the old address gets once a change of email is
 * made. Nothing happens on opening: a mail scanner that follows links must not undo a change the
 * owner made, so the person presses Undo the change. Then the old address is back, every device is
 * signed out, the passkeys added around the change are removed (the screen says how many), and
 * the screen invites a password reset.
 */

import { messages, passkeyLimits, paths } from '@glimpse/shared';
import { Trans } from '@lingui/react/macro';
import { Link, useLocation } from 'react-router';
import { ErrorMessage, SuccessMessage } from '@/components/alert.tsx';
import { Button, ButtonLink } from '@/components/button.tsx';
import { actionableMessage, isApiError } from '@/lib/api-client.ts';
import { useUndoEmailChange } from './api/undo-email-change.ts';
import { AuthLayout } from './auth-layout.tsx';
import styles from './form.module.css';

function failureText(error: unknown): string {
  if (isApiError(error, 'Network')) return messages.common.networkError;
  return actionableMessage(error, messages.common.somethingWentWrong);
}

export function UndoEmailChangeScreen() {
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  const undo = useUndoEmailChange();
  const { undoTitle, undoIntro, undoButton, undoLinkMissing } = messages.changeEmail;

  if (undo.isSuccess) {
    return (
      <AuthLayout title={undoTitle} subtitle="">
        <SuccessMessage>
          {undo.data.message}
          {undo.data.passkeysRemoved > 0 &&
            ` ${messages.changeEmail.undonePasskeys(undo.data.passkeysRemoved, passkeyLimits.recoveryLookbackDays)}`}
        </SuccessMessage>
        <ButtonLink to={paths.forgotPassword}>
          <Trans>Reset your password</Trans>
        </ButtonLink>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={undoTitle} subtitle={undoIntro}>
      {token ? (
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            undo.mutate({ token });
          }}
        >
          <ErrorMessage>{undo.isError ? failureText(undo.error) : ''}</ErrorMessage>
          <Button type="submit" block busy={undo.isPending} busyLabel={messages.common.submitting}>
            {undoButton}
          </Button>
        </form>
      ) : (
        <ErrorMessage>{undoLinkMissing}</ErrorMessage>
      )}
      <p className={styles.footer}>
        <Link to={paths.login}>
          <Trans>Back to sign in</Trans>
        </Link>
      </p>
    </AuthLayout>
  );
}
