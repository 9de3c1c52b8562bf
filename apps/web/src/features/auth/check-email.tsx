/**
 * What /signup shows once the form is sent: the same for a new address and one that
 * already has an account, so the screen tells nobody who is on Glimpse. Resend email asks for a new
 * link, limited like every email the server sends.
 */

import { messages } from '@glimpse/shared';
import { Trans } from '@lingui/react/macro';
import { ErrorMessage, SuccessMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { actionableMessage } from '@/lib/api-client.ts';
import { useResendConfirmation } from './api/sign-up.ts';
import styles from './form.module.css';

export function CheckEmail({ email }: { email: string }) {
  const resend = useResendConfirmation();
  return (
    <div className={styles.form}>
      <SuccessMessage>{messages.auth.checkEmail(email)}</SuccessMessage>
      <p className={styles.terms}>{messages.auth.checkEmailHint}</p>
      {resend.isSuccess && <SuccessMessage>{messages.account.verificationSent}</SuccessMessage>}
      {resend.isError && (
        <ErrorMessage>{actionableMessage(resend.error, messages.account.verificationFailed)}</ErrorMessage>
      )}
      <Button variant="secondary" block busy={resend.isPending} onClick={() => resend.mutate(email)}>
        <Trans>Resend email</Trans>
      </Button>
    </div>
  );
}
