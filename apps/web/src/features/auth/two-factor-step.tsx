/**
 * Sign-in's second step with two-factor on: Code (from the authenticator app), Verify; or one of
 * the ten backup codes, each good once.
 */

import type { MeDto } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { ErrorMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { TextField } from '@/components/field.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useVerifyTwoFactor } from './api/sign-in.ts';
import styles from './form.module.css';

function failureText(error: unknown): string {
  if (isApiError(error, 'Network')) return messages.common.networkError;
  if (isApiError(error, 'RateLimited')) return messages.auth.tooManyAttempts;
  if (isApiError(error) && /^INVALID_(CODE|BACKUP_CODE)$/.test(error.code ?? ''))
    return messages.account.codeWrong;
  if (isApiError(error, 'Unauthenticated')) return messages.account.twoFactorExpired;
  return messages.account.codeWrong;
}

export function TwoFactorStep({
  onSignedIn,
  onCancel,
}: {
  onSignedIn: (me: MeDto | null) => void;
  onCancel: () => void;
}) {
  const verify = useVerifyTwoFactor();
  const [code, setCode] = useState('');
  const [backup, setBackup] = useState(false);
  const [missing, setMissing] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return setMissing(true);
    setMissing(false);
    verify.mutate({ code, backup }, { onSuccess: onSignedIn });
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.footer}>{backup ? messages.account.backupCodeHint : messages.account.codeHint}</p>
      <TextField
        label={backup ? t`Backup code` : t`Code`}
        inputMode={backup ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoFocus
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={missing ? messages.account.codeRequired : undefined}
        aria-required="true"
      />
      <ErrorMessage>{verify.isError ? failureText(verify.error) : ''}</ErrorMessage>
      <Button type="submit" block busy={verify.isPending} busyLabel={messages.common.submitting}>
        <Trans>Verify</Trans>
      </Button>
      <Button type="button" variant="secondary" block onClick={() => setBackup(!backup)}>
        {backup ? t`Use the authenticator app` : t`Use a backup code`}
      </Button>
      <Button type="button" variant="ghost" block onClick={onCancel}>
        <Trans>Back</Trans>
      </Button>
    </form>
  );
}
