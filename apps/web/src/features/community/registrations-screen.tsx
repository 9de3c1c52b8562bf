/**
 * /admin/registrations: who may join (a radio group, saved at once; admins), who creates invite
 * links (admins), and the sign-ups waiting for approval, each with Approve and Reject (moderators
 * and admins). The route shows it to staff only (app/registrations-route.tsx).
 */
import type { EmailDomainBlockSeverity, InviteCreators, RegistrationMode } from '@glimpse/shared';
import { limits, messages } from '@glimpse/shared';
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { ErrorMessage, SuccessMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { SelectField, TextField } from '@/components/field.tsx';
import { EmptyState, Page } from '@/components/page.tsx';
import { Row, RowActions, RowList } from '@/components/row-list.tsx';
import { Skeleton } from '@/components/skeleton.tsx';
import { TimeAgo } from '@/components/time-ago.tsx';
import { useToast } from '@/components/toast.tsx';
import { actionableMessage } from '@/lib/api-client.ts';
import {
  useAnswerSignUp,
  useBlockEmailDomain,
  useEmailDomainBlocks,
  useRegistrationAdmin,
  useSaveRegistrationSettings,
  useUnblockEmailDomain,
} from './api/registrations-admin.ts';
import styles from './community.module.css';

const modeNames = (): Record<RegistrationMode, string> => ({
  open: t`Open`,
  approval: t`Approval required`,
  invite: t`Invite only`,
  closed: t`Closed`,
});

const inviterNames = (): Record<InviteCreators, string> => ({
  members: t`Every member`,
  staff: t`Moderators and admins only`,
});

/**
 * The proof-of-work difficulty (server features/community/proof-of-work.ts): how many numbers a
 * browser may have to try before a sign-up or a password-reset request.
 */
function ChallengeDifficultyForm({ difficulty }: { difficulty: number }) {
  const save = useSaveRegistrationSettings();
  const [value, setValue] = useState(String(difficulty));
  const [saved, setSaved] = useState(false);
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSaved(false);
        save.mutate({ challengeDifficulty: Number(value) }, { onSuccess: () => setSaved(true) });
      }}
    >
      <h2 className={styles.heading}>
        <Trans>Sign-up challenge</Trans>
      </h2>
      <TextField
        label={messages.fields.challengeDifficulty}
        type="number"
        inputMode="numeric"
        min={limits.challengeDifficultyMin}
        max={limits.challengeDifficultyMax}
        step={1000}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        hint={t`Browsers solve it before a sign-up or a password reset, with no puzzle for the person. Higher costs spam scripts more and makes slow phones wait longer; ${limits.challengeDifficultyDefault} takes a phone under a second.`}
        error={save.isError ? actionableMessage(save.error, messages.registrations.saveFailed) : undefined}
      />
      {saved && <SuccessMessage>{messages.registrations.saved}</SuccessMessage>}
      <Button type="submit" busy={save.isPending} busyLabel={messages.common.submitting}>
        <Trans>Save difficulty</Trans>
      </Button>
    </form>
  );
}

const severityNames = (): Record<EmailDomainBlockSeverity, string> => ({
  refuse: t`Refuse sign-ups`,
  approval: t`Require approval`,
});

/**
 * Email domain blocks (server core/email-domain-blocks.ts): a sign-up whose address, or whose mail
 * servers, are on a listed domain is refused or waits for a moderator.
 */
function EmailDomainBlocks() {
  const blocks = useEmailDomainBlocks();
  const add = useBlockEmailDomain();
  const remove = useUnblockEmailDomain();
  const toast = useToast();
  const [domain, setDomain] = useState('');
  const [severity, setSeverity] = useState<EmailDomainBlockSeverity>('refuse');
  const severities = severityNames();
  return (
    <section aria-labelledby="email-domain-blocks-heading">
      <h2 id="email-domain-blocks-heading" className={styles.heading}>
        <Trans>Email domain blocks</Trans>
      </h2>
      <p className={styles.hint}>
        <Trans>
          A sign-up matches when its address is on the domain or one below it, or when the domain's mail
          servers are: one block on a disposable-mail provider's mail server catches every domain it receives
          for.
        </Trans>
      </p>
      <form
        className={`${styles.inline} ${styles.fields}`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate({ domain, severity }, { onSuccess: () => setDomain('') });
        }}
      >
        <TextField
          label={t`Email domain`}
          value={domain}
          onChange={(event) => setDomain(event.target.value)}
          error={add.isError ? actionableMessage(add.error, messages.registrations.saveFailed) : undefined}
        />
        <SelectField
          label={t`Action`}
          value={severity}
          onChange={(event) => setSeverity(event.target.value as EmailDomainBlockSeverity)}
        >
          {(Object.keys(severities) as EmailDomainBlockSeverity[]).map((value) => (
            <option key={value} value={value}>
              {severities[value]}
            </option>
          ))}
        </SelectField>
        <Button type="submit" busy={add.isPending} busyLabel={messages.common.submitting}>
          <Trans>Block domain</Trans>
        </Button>
      </form>
      {blocks.data && blocks.data.length > 0 && (
        <RowList label={t`Email domain blocks`}>
          {blocks.data.map((block) => (
            <Row key={block.domain}>
              <span className={styles.strong}>{block.domain}</span>
              <span className={styles.muted}>{severities[block.severity]}</span>
              <RowActions>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={remove.isPending}
                  aria-label={t`Unblock ${block.domain}`}
                  onClick={() =>
                    remove.mutate(block.domain, {
                      onError: (error) =>
                        toast.error(actionableMessage(error, messages.registrations.saveFailed)),
                    })
                  }
                >
                  <Trans>Unblock</Trans>
                </Button>
              </RowActions>
            </Row>
          ))}
        </RowList>
      )}
    </section>
  );
}

export function RegistrationsScreen() {
  const admin = useRegistrationAdmin();
  const save = useSaveRegistrationSettings();
  const answer = useAnswerSignUp();
  const toast = useToast();
  const [saved, setSaved] = useState(false);
  // The choice shows checked in the same render as the click: the cache's copy follows only after
  // the save's optimistic update has cancelled any refetch, and a controlled radio would spring
  // back meanwhile. Cleared once the save settles, when the cache holds the answer.
  const [choosing, setChoosing] = useState<{ mode?: RegistrationMode; invitesBy?: InviteCreators }>({});

  function change(input: { mode?: RegistrationMode; invitesBy?: InviteCreators }) {
    setSaved(false);
    setChoosing(input);
    save.mutate(input, { onSuccess: () => setSaved(true), onSettled: () => setChoosing({}) });
  }

  if (admin.isPending)
    return (
      <Page title={t`Registrations`} width="narrow">
        <Skeleton height={160} />
      </Page>
    );
  if (admin.isError) {
    return (
      <Page title={t`Registrations`} width="narrow">
        <ErrorMessage>{messages.registrations.loadFailed}</ErrorMessage>
      </Page>
    );
  }
  const { canEdit, waiting, waitingMax } = admin.data;
  const mode = choosing.mode ?? admin.data.mode;
  const invitesBy = choosing.invitesBy ?? admin.data.invitesBy;
  const modes = modeNames();
  const inviters = inviterNames();

  return (
    <Page title={t`Registrations`} width="narrow">
      {canEdit ? (
        <>
          <div role="radiogroup" aria-label={t`Registrations`} className={styles.card}>
            {(Object.keys(modes) as RegistrationMode[]).map((value) => (
              <label key={value} className={styles.row}>
                <input
                  type="radio"
                  name="registration-mode"
                  value={value}
                  checked={mode === value}
                  disabled={save.isPending}
                  onChange={() => change({ mode: value })}
                />
                <span>{modes[value]}</span>
              </label>
            ))}
          </div>
          <h2 className={styles.heading}>
            <Trans>Who can create invite links</Trans>
          </h2>
          <div role="radiogroup" aria-label={t`Who can create invite links`} className={styles.card}>
            {(Object.keys(inviters) as InviteCreators[]).map((value) => (
              <label key={value} className={styles.row}>
                <input
                  type="radio"
                  name="invites-by"
                  value={value}
                  checked={invitesBy === value}
                  disabled={save.isPending}
                  onChange={() => change({ invitesBy: value })}
                />
                <span>{inviters[value]}</span>
              </label>
            ))}
          </div>
          {saved && <SuccessMessage>{messages.registrations.saved}</SuccessMessage>}
          {save.isError && <ErrorMessage>{messages.registrations.saveFailed}</ErrorMessage>}
          <ChallengeDifficultyForm difficulty={admin.data.challengeDifficulty} />
          <EmailDomainBlocks />
        </>
      ) : (
        <p className={styles.hint}>
          <Trans>Registrations: {modes[mode]}</Trans>
        </p>
      )}

      <h2 className={styles.heading}>
        <Trans>Waiting for approval</Trans>
      </h2>
      <p className={styles.hint}>
        {plural(waitingMax, {
          one: 'Sign-ups pause when # person is waiting.',
          other: 'Sign-ups pause when # people are waiting.',
        })}
      </p>
      {waiting.length === 0 ? (
        <EmptyState icon={<UserPlus />} title={t`Nobody is waiting.`} />
      ) : (
        <RowList label={t`Waiting for approval`}>
          {waiting.map((signUp) => (
            <Row key={signUp.userId} stacked>
              <span className={styles.strong}>{signUp.email}</span>
              <span>{signUp.reason}</span>
              <span className={styles.muted}>
                <TimeAgo iso={signUp.createdAt} /> ·{' '}
                {plural(signUp.sameNetworkLastDay, {
                  one: '# other sign-up from the same network in the last day',
                  other: '# other sign-ups from the same network in the last day',
                })}
              </span>
              <RowActions>
                {[true, false].map((approve) => (
                  <Button
                    key={String(approve)}
                    variant={approve ? 'primary' : 'secondary'}
                    size="sm"
                    disabled={answer.isPending}
                    onClick={() =>
                      answer.mutate(
                        { userId: signUp.userId, approve },
                        {
                          onSuccess: () =>
                            toast.success(
                              approve ? messages.registrations.approved : messages.registrations.rejected,
                            ),
                          onError: () => toast.error(messages.registrations.answerFailed),
                        },
                      )
                    }
                  >
                    {approve ? <Trans>Approve</Trans> : <Trans>Reject</Trans>}
                  </Button>
                ))}
              </RowActions>
            </Row>
          ))}
        </RowList>
      )}
    </Page>
  );
}
