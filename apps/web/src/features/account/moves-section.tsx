/**
 * Moving between servers, two sections of /settings/account:
 * - "Account aliases": the accounts elsewhere that may move here (Old account handle, Add alias;
 *   each listed one has Remove). The new server's alias is what lets the old one move.
 * - "Move to another account": New account handle, Move, then a confirmation; afterwards the
 *   section says where the account moved.
 */
import { AccountHandleInput, type AccountMovesDto, messages, paths } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorMessage, SuccessMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { ConfirmDialog } from '@/components/dialog.tsx';
import { TextField } from '@/components/field.tsx';
import { Skeleton } from '@/components/skeleton.tsx';
import { actionableMessage } from '@/lib/api-client.ts';
import { useForm } from '@/lib/use-form.ts';
import styles from './account-screen.module.css';
import { useAccountMoves, useAddAlias, useMoveAccount, useRemoveAlias } from './api/moves.ts';

function Loading({ state }: { state: ReturnType<typeof useAccountMoves> }) {
  if (state.isPending) return <Skeleton height={48} />;
  return <ErrorMessage>{state.isError ? messages.common.somethingWentWrong : ''}</ErrorMessage>;
}

export function AliasesSection() {
  const state = useAccountMoves();
  const add = useAddAlias();
  const remove = useRemoveAlias();
  const form = useForm({
    initial: { handle: '' },
    schema: AccountHandleInput,
    onSubmit: async ({ handle }) => {
      remove.reset();
      await add.mutateAsync(handle);
      form.reset();
    },
  });
  if (!state.data) return <Loading state={state} />;
  const { handle, aliases } = state.data;
  return (
    <div className={styles.form}>
      <p className={styles.muted}>
        <Trans>
          Moving here from another account? Add its handle, then choose Move on the old account. This account
          is <strong dir="ltr">@{handle}</strong>.
        </Trans>
      </p>
      {aliases.length > 0 && (
        <ul className={styles.devices} aria-label={t`Account aliases`}>
          {aliases.map((alias) => (
            <li key={alias.iri} className={styles.device}>
              <span className={styles.deviceName} dir="ltr">
                {alias.handle}
              </span>
              <Button
                variant="secondary"
                aria-label={t`Remove alias ${alias.handle}`}
                busy={remove.isPending && remove.variables === alias.iri}
                onClick={() => {
                  add.reset();
                  remove.mutate(alias.iri);
                }}
              >
                <Trans>Remove</Trans>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form className={styles.form} onSubmit={form.submit} noValidate>
        <TextField
          label={t`Old account handle`}
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          {...form.field('handle')}
          onChange={(event) => {
            // A new handle: the last answer no longer applies.
            add.reset();
            remove.reset();
            form.field('handle').onChange(event);
          }}
          aria-required="true"
        />
        <ErrorMessage>
          {remove.isError
            ? actionableMessage(remove.error, messages.moves.aliasFailed)
            : form.failure === null
              ? ''
              : form.alert(messages.moves.aliasFailed)}
        </ErrorMessage>
        {add.isSuccess && !form.busy && <SuccessMessage>{messages.moves.aliasAdded}</SuccessMessage>}
        {remove.isSuccess && <SuccessMessage>{messages.moves.aliasRemoved}</SuccessMessage>}
        <div>
          <Button type="submit" variant="secondary" busy={form.busy} busyLabel={t`Adding...`}>
            <Trans>Add alias</Trans>
          </Button>
        </div>
      </form>
    </div>
  );
}

function MovedTo({ movedTo }: { movedTo: NonNullable<AccountMovesDto['movedTo']> }) {
  return (
    <p className={styles.plain}>
      <Trans>
        This account has moved to{' '}
        <Link to={paths.userPublicFeed(movedTo.userId)} dir="ltr">
          @{movedTo.username}
        </Link>
        .
      </Trans>
    </p>
  );
}

export function MoveSection() {
  const state = useAccountMoves();
  const move = useMoveAccount();
  const [confirming, setConfirming] = useState<string | null>(null);
  const form = useForm({
    initial: { handle: '' },
    schema: AccountHandleInput,
    onSubmit: async ({ handle }) => {
      move.reset();
      setConfirming(handle);
    },
  });
  if (!state.data) return <Loading state={state} />;
  const { handle, movedTo } = state.data;
  return (
    <div className={styles.form}>
      {movedTo && <MovedTo movedTo={movedTo} />}
      {move.isSuccess && <SuccessMessage>{messages.moves.moved}</SuccessMessage>}
      {!movedTo && (
        <>
          <p className={styles.muted}>
            <Trans>
              Your followers here will follow the new account instead. First add{' '}
              <strong dir="ltr">@{handle}</strong> under Account aliases on the new account.
            </Trans>
          </p>
          <form className={styles.form} onSubmit={form.submit} noValidate>
            <TextField
              label={t`New account handle`}
              dir="ltr"
              autoComplete="off"
              spellCheck={false}
              {...form.field('handle')}
              onChange={(event) => {
                move.reset();
                form.field('handle').onChange(event);
              }}
              aria-required="true"
            />
            <ErrorMessage>
              {move.isError
                ? actionableMessage(move.error, messages.moves.moveFailed)
                : form.failure === null
                  ? ''
                  : form.alert(messages.moves.moveFailed)}
            </ErrorMessage>
            <div>
              <Button type="submit" variant="danger" aria-haspopup="dialog">
                <Trans>Move</Trans>
              </Button>
            </div>
          </form>
        </>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={t`Move your account?`}
        message={t`Your followers will be moved to ${confirming ?? ''}, and this profile will say it has moved. You cannot move again for 30 days.`}
        confirmLabel={t`Move`}
        busy={move.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() =>
          confirming &&
          move.mutate(confirming, {
            onSuccess: () => form.reset(),
            onSettled: () => setConfirming(null),
          })
        }
      />
    </div>
  );
}
