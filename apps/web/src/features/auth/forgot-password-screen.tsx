/**
 * /forgot-password: Email, Send reset link. The confirmation reads the same whether or not the
 * address has an account, so this page cannot be used to find out who is on Glimpse.
 */

import { ForgotPasswordInput, messages, paths } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { ErrorMessage, SuccessMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { TextField } from '@/components/field.tsx';
import { useForm } from '@/lib/use-form.ts';
import { useRequestPasswordReset } from './api/password-reset.ts';
import { useProofOfWork } from './api/proof-of-work.ts';
import { AuthLayout } from './auth-layout.tsx';
import styles from './form.module.css';
import { VerifyingStatus } from './verifying-status.tsx';

export function ForgotPasswordScreen() {
  const requestReset = useRequestPasswordReset();
  const proof = useProofOfWork();
  const form = useForm({
    initial: { email: '' },
    schema: ForgotPasswordInput,
    onSubmit: async ({ email }) => requestReset.mutateAsync({ email, proofOfWork: await proof.prove() }),
  });

  return (
    <AuthLayout
      title={t`Forgot password?`}
      subtitle={t`Enter your email and we will send you a link to choose a new password.`}
    >
      {requestReset.isSuccess ? (
        <SuccessMessage>{messages.account.resetLinkSent}</SuccessMessage>
      ) : (
        <form className={styles.form} onSubmit={form.submit} noValidate>
          <TextField
            label={t`Email`}
            type="email"
            autoComplete="email"
            {...form.field('email')}
            aria-required="true"
          />
          <ErrorMessage>
            {form.failure === null ? '' : form.alert(messages.common.somethingWentWrong)}
          </ErrorMessage>
          <VerifyingStatus verifying={proof.verifying} />
          <Button type="submit" block busy={form.busy} busyLabel={messages.common.submitting}>
            <Trans>Send reset link</Trans>
          </Button>
        </form>
      )}
      <p className={styles.footer}>
        <Link to={paths.login}>
          <Trans>Back to sign in</Trans>
        </Link>
      </p>
    </AuthLayout>
  );
}
