/**
 * The accounts signed in on this device, the active one first and marked, the others as "Switch to …"
 * buttons, then Add Account. Used by the top bar's account menu and by /settings.
 */

import { limits, messages, paths } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Check, UserPlus } from 'lucide-react';
import { useId } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ErrorMessage } from '@/components/alert.tsx';
import { Avatar } from '@/components/avatar.tsx';
import { Button } from '@/components/button.tsx';
import { Skeleton } from '@/components/skeleton.tsx';
import { useToast } from '@/components/toast.tsx';
import { fullName } from '@/lib/format.ts';
import { useViewer } from '@/lib/session.ts';
import styles from './account-list.module.css';
import { type DeviceAccount, useDeviceAccounts } from './api/list-accounts.ts';
import { useSwitchAccount } from './api/switch-account.ts';

interface AccountListProps {
  /**
   * Called as soon as the person chooses (an account, or Add Account): menus close. The list must stay
   * mounted while a switch runs, or its navigation and message would be lost.
   */
  onDone?: () => void;
}

function AccountIdentity({
  account,
  emailId,
}: {
  account: Pick<DeviceAccount, 'name' | 'email' | 'userId' | 'profileImage'>;
  /** Names the address, for a button that is described by it. */
  emailId?: string;
}) {
  return (
    <>
      <Avatar image={account.profileImage} name={account.name} seed={account.userId} size={40} />
      <span className={styles.identity}>
        <bdi className={styles.name}>{account.name}</bdi>
        {account.email !== account.name && (
          <span id={emailId} className={styles.email}>
            {account.email}
          </span>
        )}
      </span>
    </>
  );
}

/** Another account of this device: "Switch to {name}", described by its address when that differs. */
function SwitchButton({
  account,
  busy,
  disabled,
  onSwitch,
}: {
  account: DeviceAccount;
  busy: boolean;
  disabled: boolean;
  onSwitch: () => void;
}) {
  const emailId = useId();
  const { name, email } = account;
  return (
    <button
      type="button"
      className={`${styles.row} ${styles.switch}`}
      onClick={onSwitch}
      disabled={disabled}
      aria-busy={busy}
      aria-label={t`Switch to ${name}`}
      aria-describedby={email !== name ? emailId : undefined}
    >
      <AccountIdentity account={account} emailId={emailId} />
      <span className={styles.switchLabel} aria-hidden="true">
        <Trans>Switch</Trans>
      </span>
    </button>
  );
}

export function AccountList({ onDone }: AccountListProps) {
  const me = useViewer();
  const accounts = useDeviceAccounts();
  const switchAccount = useSwitchAccount();
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const limitHintId = useId();

  // The active account is always known from /api/me, even before (or without) the device list.
  const active = {
    userId: me.user.id,
    email: me.user.email,
    name: fullName(me.profile) || me.user.email,
    profileImage: me.profile?.profileImage ?? null,
  };
  const others = (accounts.data ?? []).filter((a) => a.userId !== me.user.id);
  const atLimit = (accounts.data?.length ?? 0) >= limits.deviceAccountsMax;

  function switchTo(account: DeviceAccount) {
    onDone?.();
    switchAccount.mutate(account, {
      onSuccess: (now) => {
        toast.success(
          messages.accounts.switched(now ? fullName(now.profile) || now.user.email : account.name),
        );
        navigate(now ? paths.home : paths.login, { replace: true });
      },
      onError: () => toast.error(messages.accounts.switchFailed),
    });
  }

  return (
    <div className={styles.list}>
      <ul className={styles.accounts}>
        <li className={`${styles.row} ${styles.active}`} aria-current="true">
          <AccountIdentity account={active} />
          <span className={styles.badge}>
            <Check aria-hidden="true" size={16} />
            <Trans>Active</Trans>
          </span>
        </li>
        {accounts.isPending && (
          <li className={styles.row} aria-hidden="true">
            <Skeleton width={40} height={40} round />
            <Skeleton width="60%" />
          </li>
        )}
        {others.map((account) => (
          <li key={account.userId}>
            <SwitchButton
              account={account}
              onSwitch={() => switchTo(account)}
              disabled={switchAccount.isPending}
              busy={switchAccount.isPending && switchAccount.variables?.userId === account.userId}
            />
          </li>
        ))}
      </ul>
      {accounts.isError && <ErrorMessage>{messages.accounts.loadFailed}</ErrorMessage>}
      <Button
        variant="secondary"
        icon={<UserPlus aria-hidden="true" size={18} />}
        disabled={atLimit}
        aria-describedby={atLimit ? limitHintId : undefined}
        onClick={() => {
          onDone?.();
          navigate(paths.addAccount, { state: { from: location.pathname } });
        }}
      >
        <Trans>Add Account</Trans>
      </Button>
      {atLimit && (
        <p id={limitHintId} className={styles.hint}>
          {messages.accounts.limitReached(limits.deviceAccountsMax)}
        </p>
      )}
    </div>
  );
}
