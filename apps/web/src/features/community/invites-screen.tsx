/**
 * /settings/invites: Uses (optional) and Expires (optional), "Create invite link"; each link with
 * Copy and Revoke, its uses so far and its expiry. When only staff may invite, a member is told so.
 */
import type { InviteDto, InviteExpiry } from '@glimpse/shared';
import { inviteExpiries, limits, messages, paths } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link2 } from 'lucide-react';
import { useState } from 'react';
import { ErrorMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { SelectField, TextField } from '@/components/field.tsx';
import { EmptyState, Page } from '@/components/page.tsx';
import { Row, RowActions, RowList } from '@/components/row-list.tsx';
import { Skeleton } from '@/components/skeleton.tsx';
import { useToast } from '@/components/toast.tsx';
import { actionableMessage } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/format.ts';
import { useCreateInvite, useInvites, useRevokeInvite } from './api/invites.ts';
import styles from './community.module.css';

const expiryNames = (): Record<InviteExpiry, string> => ({
  never: t`Never`,
  '30m': t`30 minutes`,
  '1h': t`1 hour`,
  '6h': t`6 hours`,
  '12h': t`12 hours`,
  '1d': t`1 day`,
  '7d': t`1 week`,
});

const linkOf = (invite: InviteDto) =>
  `${window.location.origin}${paths.signup}?invite=${encodeURIComponent(invite.code)}`;

function stateOf(invite: InviteDto): string | null {
  if (invite.revoked) return t`Revoked`;
  if (invite.expiresAt && new Date(invite.expiresAt) <= new Date()) return t`Expired`;
  if (invite.maxUses !== null && invite.uses >= invite.maxUses) return t`Used up`;
  return null;
}

export function InvitesScreen() {
  const invites = useInvites();
  const create = useCreateInvite();
  const revoke = useRevokeInvite();
  const toast = useToast();
  const [uses, setUses] = useState('');
  const [expiresIn, setExpiresIn] = useState<InviteExpiry>('never');
  const names = expiryNames();
  const usesNumber = uses.trim() === '' ? null : Number(uses);
  const usesInvalid =
    usesNumber !== null &&
    (!Number.isInteger(usesNumber) || usesNumber < 1 || usesNumber > limits.inviteUsesMax);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (usesInvalid) return;
    create.mutate(
      { maxUses: usesNumber, expiresIn },
      {
        onSuccess: () => {
          toast.success(messages.registrations.inviteCreated);
          setUses('');
        },
      },
    );
  }

  async function copy(invite: InviteDto) {
    try {
      await navigator.clipboard.writeText(linkOf(invite));
      toast.success(messages.registrations.linkCopied);
    } catch {
      toast.error(messages.common.somethingWentWrong);
    }
  }

  return (
    <Page title={t`Invites`} width="narrow">
      {invites.data && !invites.data.mayCreate ? (
        <p className={styles.hint}>{messages.registrations.invitesStaffOnly}</p>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          <div className={`${styles.inline} ${styles.fields}`}>
            <TextField
              label={t`Uses (optional)`}
              inputMode="numeric"
              value={uses}
              onChange={(e) => setUses(e.target.value)}
              hint={t`Blank: no limit.`}
              error={usesInvalid ? t`Enter a whole number from 1 to ${limits.inviteUsesMax}.` : undefined}
            />
            <SelectField
              label={t`Expires (optional)`}
              value={expiresIn}
              onChange={(e) => setExpiresIn(e.target.value as InviteExpiry)}
            >
              {(Object.keys(inviteExpiries) as InviteExpiry[]).map((value) => (
                <option key={value} value={value}>
                  {names[value]}
                </option>
              ))}
            </SelectField>
          </div>
          {create.isError && (
            <ErrorMessage>{actionableMessage(create.error, messages.common.somethingWentWrong)}</ErrorMessage>
          )}
          <div>
            <Button type="submit" busy={create.isPending} busyLabel={messages.common.submitting}>
              <Trans>Create invite link</Trans>
            </Button>
          </div>
        </form>
      )}

      {invites.isPending ? (
        <Skeleton height={120} />
      ) : invites.isError ? (
        <ErrorMessage>{messages.common.somethingWentWrong}</ErrorMessage>
      ) : invites.data.invites.length === 0 ? (
        <EmptyState icon={<Link2 />} title={t`No invite links yet.`} />
      ) : (
        <RowList label={t`Your invite links`}>
          {invites.data.invites.map((invite) => {
            const state = stateOf(invite);
            return (
              <Row key={invite.id} stacked>
                <span className={styles.code}>{linkOf(invite)}</span>
                <span className={`${styles.muted} ${styles.facts}`}>
                  <span>
                    {invite.maxUses === null
                      ? t`Used ${invite.uses} times`
                      : t`Used ${invite.uses} of ${invite.maxUses} times`}
                  </span>
                  <span>
                    {invite.expiresAt ? t`Expires ${formatDateTime(invite.expiresAt)}` : t`Never expires`}
                  </span>
                  {state && <span>{state}</span>}
                </span>
                {!state && (
                  <RowActions>
                    <Button variant="secondary" size="sm" onClick={() => void copy(invite)}>
                      <Trans>Copy</Trans>
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() =>
                        revoke.mutate(invite.id, {
                          onSuccess: () => toast.success(messages.registrations.inviteRevokedDone),
                          onError: () => toast.error(messages.common.somethingWentWrong),
                        })
                      }
                    >
                      <Trans>Revoke</Trans>
                    </Button>
                  </RowActions>
                )}
              </Row>
            );
          })}
        </RowList>
      )}
    </Page>
  );
}
