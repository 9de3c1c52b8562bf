import type { EventDto } from '@glimpse/shared';
import { Trans } from '@lingui/react/macro';
import { Star } from 'lucide-react';
import { useToggleInterest } from './api/toggle-interest.ts';
import styles from './event-detail-screen.module.css';

/**
 * Interested, pressed while I have joined. A second tap takes me off the list (the original
 * appended duplicates instead; SPEC.md §4).
 */
export function InterestedButton({ event }: { event: EventDto }) {
  const interest = useToggleInterest(event.id);
  return (
    <button
      type="button"
      className={`${styles.interested} ${event.interestedByMe ? styles.pressed : ''}`}
      aria-pressed={event.interestedByMe}
      onClick={() => interest.toggle(event)}
    >
      <Star aria-hidden="true" size={20} fill={event.interestedByMe ? 'currentColor' : 'none'} />
      <span>
        <Trans>Interested</Trans>
      </span>
    </button>
  );
}
