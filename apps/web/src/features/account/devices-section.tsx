/** The devices signed in to the account (browser, last seen) and Log out other devices. */

import { messages } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { ErrorMessage, SuccessMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { Skeleton } from '@/components/skeleton.tsx';
import { TimeAgo } from '@/components/time-ago.tsx';
import styles from './account-screen.module.css';
import { useAccountSessions, useLogOutOtherDevices } from './api/sessions.ts';
import { describeBrowser } from './user-agent.ts';

export function DevicesSection({ userId }: { userId: string }) {
  const sessions = useAccountSessions(userId);
  const logOutOthers = useLogOutOtherDevices();
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  return (
    <div className={styles.form}>
      {sessions.isPending && <Skeleton height={48} />}
      {sessions.isError && <ErrorMessage>{messages.account.devicesLoadFailed}</ErrorMessage>}
      {sessions.data && (
        <ul className={styles.devices} aria-label={t`Devices signed in`}>
          {sessions.data.map((session) => (
            <li key={session.id} className={styles.device}>
              <span className={styles.deviceName}>
                {describeBrowser(session.userAgent) ?? messages.account.unknownDevice}
                {session.current && <span className={styles.badge}>{messages.account.thisDevice}</span>}
              </span>
              <span className={styles.muted}>
                <Trans>
                  Last seen <TimeAgo iso={session.updatedAt.toISOString()} />
                </Trans>
              </span>
            </li>
          ))}
        </ul>
      )}
      {logOutOthers.isSuccess && <SuccessMessage>{messages.account.otherDevicesLoggedOut}</SuccessMessage>}
      {logOutOthers.isError && <ErrorMessage>{messages.common.somethingWentWrong}</ErrorMessage>}
      <div>
        <Button
          variant="secondary"
          onClick={() => logOutOthers.mutate()}
          busy={logOutOthers.isPending}
          disabled={sessions.isSuccess && others === 0}
        >
          <Trans>Log out other devices</Trans>
        </Button>
      </div>
    </div>
  );
}
