import type { EventDto } from '@glimpse/shared';
import { Trans } from '@lingui/react/macro';
import { Check, Hourglass } from 'lucide-react';
import { useToggleGoing } from './api/toggle-going.ts';
import styles from './event-detail-screen.module.css';

/**
 * Going for the date shown, pressed while I have a place; when the date is full it offers the
 * waitlist instead ("Join waitlist", pressed while I wait). On a remote event it is "Requested"
 * (pressed) until the host's server answers the Join. Pressing again withdraws in every case.
 */
export function GoingButton({ event }: { event: EventDto }) {
  const { attendance } = event;
  const going = useToggleGoing(event.id, attendance.occurrence);
  const full = attendance.placesLeft === 0 && !attendance.going;
  const waitlist = attendance.waitlisted || full;
  const pressed = attendance.going || attendance.waitlisted || attendance.pending;
  const Icon = waitlist || attendance.pending ? Hourglass : Check;
  return (
    <button
      type="button"
      className={`${styles.interested} ${pressed ? styles.pressed : ''}`}
      aria-pressed={pressed}
      aria-busy={going.isPending || undefined}
      disabled={going.isPending}
      onClick={() => going.mutate(!pressed)}
    >
      <Icon aria-hidden="true" size={20} />
      <span>
        {attendance.pending ? (
          <Trans>Requested</Trans>
        ) : waitlist ? (
          <Trans>Join waitlist</Trans>
        ) : (
          <Trans>Going</Trans>
        )}
      </span>
    </button>
  );
}
