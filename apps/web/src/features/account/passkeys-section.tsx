/**
 * Passkeys: the list (each removable) and Add a passkey, which asks for the password
 * (add-passkey-dialog.tsx) and then opens the browser's passkey prompt.
 */

import { messages } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { ErrorMessage, SuccessMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { ConfirmDialog } from '@/components/dialog.tsx';
import { Skeleton } from '@/components/skeleton.tsx';
import { TimeAgo } from '@/components/time-ago.tsx';
import { isApiError } from '@/lib/api-client.ts';
import styles from './account-screen.module.css';
import { AddPasskeyDialog } from './add-passkey-dialog.tsx';
import { type Passkey, useAddPasskey, usePasskeys, useRemovePasskey } from './api/passkeys.ts';

function failureText(error: unknown): string {
  if (isApiError(error, 'Network')) return messages.common.networkError;
  return error instanceof Error && error.message ? error.message : messages.passkeys.failed;
}

export function PasskeysSection() {
  const list = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [adding, setAdding] = useState(false);
  const status = add.isSuccess ? messages.passkeys.added : remove.isSuccess ? messages.passkeys.removed : '';
  // Adding shows its failures in its dialog.
  const failure = remove.error;

  return (
    <div className={styles.form}>
      <p className={styles.muted}>
        <Trans>Sign in with your fingerprint, face or screen lock instead of a password.</Trans>
      </p>
      {list.isPending && <Skeleton height={48} />}
      {list.isError && <ErrorMessage>{messages.common.somethingWentWrong}</ErrorMessage>}
      {list.data && list.data.length > 0 && (
        <ul className={styles.devices} aria-label={t`Passkeys`}>
          {list.data.map((passkey) => (
            <li key={passkey.id} className={styles.device}>
              <span className={styles.deviceName}>{passkey.name}</span>
              <span className={styles.muted}>
                <Trans>
                  Added <TimeAgo iso={passkey.createdAt} />
                </Trans>
                {passkey.lastUsedAt && (
                  <>
                    {' · '}
                    <Trans>
                      last used <TimeAgo iso={passkey.lastUsedAt} />
                    </Trans>
                  </>
                )}
              </span>
              <Button
                variant="secondary"
                aria-label={t`Remove passkey ${passkey.name}`}
                busy={remove.isPending && remove.variables === passkey.id}
                onClick={() => {
                  add.reset();
                  remove.reset();
                  setRemoving(passkey);
                }}
              >
                <Trans>Remove</Trans>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t`Remove ${removing?.name ?? 'this passkey'}?`}
        message={messages.passkeys.confirmRemove}
        confirmLabel={t`Remove`}
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id, { onSettled: () => setRemoving(null) })}
      />
      {status && <SuccessMessage>{status}</SuccessMessage>}
      {failure && <ErrorMessage>{failureText(failure)}</ErrorMessage>}
      <div>
        <Button
          variant="secondary"
          aria-haspopup="dialog"
          onClick={() => {
            add.reset();
            remove.reset();
            setAdding(true);
          }}
        >
          <Trans>Add a passkey</Trans>
        </Button>
      </div>
      <AddPasskeyDialog open={adding} onClose={() => setAdding(false)} add={add} />
    </div>
  );
}
