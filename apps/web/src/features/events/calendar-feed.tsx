/**
 * "Calendar feed" on /event: a private subscription address for calendar apps (the events I
 * organise, go to, wait for or am interested in, and those of the people I follow). The server
 * keeps only a hash of its token, so the address is shown once, right after it is made; making a
 * new one stops the old, and Turn off stops it altogether.
 */
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { CalendarSync, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button, ButtonAnchor } from '@/components/button.tsx';
import { Dialog } from '@/components/dialog.tsx';
import { TextField } from '@/components/field.tsx';
import { useToast } from '@/components/toast.tsx';
import { useCalendarFeed, useCreateCalendarFeed, useRevokeCalendarFeed } from './api/calendar-feed.ts';
import styles from './event-detail-screen.module.css';

export function CalendarFeedButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        icon={<CalendarSync aria-hidden="true" size={18} />}
        onClick={() => setOpen(true)}
      >
        <Trans>Calendar feed</Trans>
      </Button>
      {open && <CalendarFeedDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function CalendarFeedDialog({ onClose }: { onClose: () => void }) {
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const toast = useToast();
  const made = create.data;
  const active = made?.active ?? feed.data?.active ?? false;

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t`Address copied.`);
    } catch {
      toast.error(t`Copy did not work: select the address and copy it yourself.`);
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={t`Calendar feed`}
      actions={
        <Button variant="secondary" onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      }
    >
      <div className={styles.feed}>
        <p>
          <Trans>
            Subscribe to your events in Google Calendar, Apple Calendar or Thunderbird: the events you
            organise, are going to or interested in, and those of the people you follow. Keep the address
            private: anyone with it can read that calendar.
          </Trans>
        </p>
        {feed.isPending ? (
          <p role="status">{t`Loading…`}</p>
        ) : made?.url ? (
          <>
            <TextField
              label={t`Your feed address`}
              readOnly
              value={made.url}
              onFocus={(event) => event.currentTarget.select()}
              hint={t`Shown only now. Make a new address if you lose it.`}
            />
            <div className={styles.hostActions}>
              <Button
                size="sm"
                icon={<Copy aria-hidden="true" size={16} />}
                onClick={() => void copy(made.url!)}
              >
                <Trans>Copy address</Trans>
              </Button>
              <ButtonAnchor variant="secondary" href={made.webcalUrl ?? made.url}>
                <Trans>Open in calendar app</Trans>
              </ButtonAnchor>
            </div>
          </>
        ) : active ? (
          <p>
            <Trans>Your feed is on. Its address was shown when you made it.</Trans>
          </p>
        ) : (
          <p>
            <Trans>You have no feed address yet.</Trans>
          </p>
        )}
        <div className={styles.hostActions}>
          <Button
            size="sm"
            variant={made?.url ? 'secondary' : undefined}
            busy={create.isPending}
            busyLabel={t`Making…`}
            onClick={() => create.mutate()}
          >
            {active ? <Trans>Make a new address</Trans> : <Trans>Make my feed address</Trans>}
          </Button>
          {active && (
            <Button
              size="sm"
              variant="ghost"
              busy={revoke.isPending}
              busyLabel={t`Turning off…`}
              onClick={() => revoke.mutate(undefined, { onSuccess: () => create.reset() })}
            >
              <Trans>Turn off feed</Trans>
            </Button>
          )}
        </div>
        {active && !made?.url && (
          <p className={styles.zone}>
            <Trans>A new address stops the old one at once.</Trans>
          </p>
        )}
      </div>
    </Dialog>
  );
}
