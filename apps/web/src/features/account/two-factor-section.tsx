/**
 * Two-factor with an authenticator app: Password, Enable two-factor authentication → the QR code
 * and the key as text → Code, Verify → the ten backup codes, shown once. When on: turn it off with
 * the password.
 */

import { messages } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { type FormEvent, useEffect, useState } from 'react';
import { ErrorMessage, SuccessMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { TextField } from '@/components/field.tsx';
import { Skeleton } from '@/components/skeleton.tsx';
import { isApiError } from '@/lib/api-client.ts';
import styles from './account-screen.module.css';
import {
  type TwoFactorSetup,
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useStartTwoFactor,
  useTwoFactorEnabled,
} from './api/two-factor.ts';

const passwordProblem = (error: unknown) =>
  isApiError(error) && error.code === 'INVALID_PASSWORD'
    ? messages.account.passwordWrong
    : messages.common.somethingWentWrong;

/** The otpauth URI as a QR code (qrcode loads only here) and its key as text. */
function SetupCode({ setup }: { setup: TwoFactorSetup }) {
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(({ toDataURL }) =>
      toDataURL(setup.totpURI, { margin: 1, width: 192 }).then((url) => live && setQr(url)),
    );
    return () => {
      live = false;
    };
  }, [setup.totpURI]);
  const key = new URL(setup.totpURI).searchParams.get('secret') ?? '';
  return (
    <div className={styles.form}>
      <p className={styles.muted}>{messages.account.twoFactorScan}</p>
      {qr ? (
        <img
          src={qr}
          width={192}
          height={192}
          alt={t`QR code for your authenticator app`}
          className={styles.qr}
        />
      ) : (
        <Skeleton width={192} height={192} />
      )}
      <p>
        <Trans>
          Key: <code className={styles.secret}>{key}</code>
        </Trans>
      </p>
    </div>
  );
}

function PasswordForm({
  label,
  busy,
  error,
  onSubmit,
}: {
  label: string;
  busy: boolean;
  error: string;
  onSubmit: (password: string) => void;
}) {
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) return setMissing(true);
    setMissing(false);
    onSubmit(password);
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField
        label={t`Password`}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={missing ? t`Password is required.` : undefined}
        aria-required="true"
      />
      <ErrorMessage>{error}</ErrorMessage>
      <div>
        <Button type="submit" busy={busy} variant={label.startsWith('Turn off') ? 'secondary' : 'primary'}>
          {label}
        </Button>
      </div>
    </form>
  );
}

export function TwoFactorSection() {
  const enabled = useTwoFactorEnabled();
  const start = useStartTwoFactor();
  const confirm = useConfirmTwoFactor();
  const disable = useDisableTwoFactor();
  const [code, setCode] = useState('');

  if (enabled.isPending) return <Skeleton height={40} />;
  if (enabled.isError) return <ErrorMessage>{messages.common.somethingWentWrong}</ErrorMessage>;

  if (confirm.isSuccess && start.data) {
    return (
      <div className={styles.form}>
        <SuccessMessage>{messages.account.twoFactorOn}</SuccessMessage>
        <p className={styles.muted}>{messages.account.backupCodesIntro}</p>
        <ul className={styles.codes} aria-label={t`Backup codes`}>
          {start.data.backupCodes.map((backupCode) => (
            <li key={backupCode}>
              <code>{backupCode}</code>
            </li>
          ))}
        </ul>
      </div>
    );
  }

  if (enabled.data) {
    return (
      <div className={styles.form}>
        <p className={styles.muted}>{messages.account.twoFactorOn}</p>
        <PasswordForm
          label={t`Turn off two-factor authentication`}
          busy={disable.isPending}
          error={disable.isError ? passwordProblem(disable.error) : ''}
          onSubmit={(password) => disable.mutate(password)}
        />
      </div>
    );
  }

  if (start.data) {
    return (
      <div className={styles.form}>
        <SetupCode setup={start.data} />
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            if (code.trim()) confirm.mutate(code);
          }}
          noValidate
        >
          <TextField
            label={t`Code`}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-required="true"
          />
          <ErrorMessage>{confirm.isError ? messages.account.codeWrong : ''}</ErrorMessage>
          <div>
            <Button type="submit" busy={confirm.isPending}>
              <Trans>Verify</Trans>
            </Button>
          </div>
        </form>
      </div>
    );
  }

  return (
    <div className={styles.form}>
      {disable.isSuccess && <SuccessMessage>{messages.account.twoFactorDisabled}</SuccessMessage>}
      <p className={styles.muted}>{messages.account.twoFactorOff}</p>
      <PasswordForm
        label={t`Enable two-factor authentication`}
        busy={start.isPending}
        error={start.isError ? passwordProblem(start.error) : ''}
        onSubmit={(password) => start.mutate(password)}
      />
    </div>
  );
}
