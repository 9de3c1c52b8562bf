/**
 * "Calendar feed" on /event: a private subscription address for calendar apps (the events I
 * organise, go to, wait for or am interested in, and those of the people I follow). The server
 * keeps only a hash of its token, so the address is shown once, right after it is made; making a
 * new one stops the old, and Turn off stops it altogether.
 */
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
        Calendar feed
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
      toast.success('Address copied.');
    } catch {
      toast.error('Copy did not work: select the address and copy it yourself.');
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title="Calendar feed"
      actions={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className={styles.feed}>
        <p>
          Subscribe to your events in Google Calendar, Apple Calendar or Thunderbird: the events you organise,
          are going to or interested in, and those of the people you follow. Keep the address private: anyone
          with it can read that calendar.
        </p>
        {feed.isPending ? (
          <p role="status">Loading…</p>
        ) : made?.url ? (
          <>
            <TextField
              label="Your feed address"
              readOnly
              value={made.url}
              onFocus={(event) => event.currentTarget.select()}
              hint="Shown only now. Make a new address if you lose it."
            />
            <div className={styles.hostActions}>
              <Button
                size="sm"
                icon={<Copy aria-hidden="true" size={16} />}
                onClick={() => void copy(made.url!)}
              >
                Copy address
              </Button>
              <ButtonAnchor variant="secondary" href={made.webcalUrl ?? made.url}>
                Open in calendar app
              </ButtonAnchor>
            </div>
          </>
        ) : active ? (
          <p>Your feed is on. Its address was shown when you made it.</p>
        ) : (
          <p>You have no feed address yet.</p>
        )}
        <div className={styles.hostActions}>
          <Button
            size="sm"
            variant={made?.url ? 'secondary' : undefined}
            busy={create.isPending}
            busyLabel="Making…"
            onClick={() => create.mutate()}
          >
            {active ? 'Make a new address' : 'Make my feed address'}
          </Button>
          {active && (
            <Button
              size="sm"
              variant="ghost"
              busy={revoke.isPending}
              busyLabel="Turning off…"
              onClick={() => revoke.mutate(undefined, { onSuccess: () => create.reset() })}
            >
              Turn off feed
            </Button>
          )}
        </div>
        {active && !made?.url && <p className={styles.zone}>A new address stops the old one at once.</p>}
      </div>
    </Dialog>
  );
}
