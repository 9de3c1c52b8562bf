/** One event in a list: picture with a calendar leaf, title linking to the detail, host, and who joined. */

import type { EventDto } from '@glimpse/shared';
import { paths } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { fullName } from '@/lib/format.ts';
import styles from './event-card.module.css';
import { EventImage } from './event-image.tsx';
import {
  attendanceSummary,
  calendarLeaf,
  formatEventStart,
  formatEventStartShort,
  isPast,
  repeatsLabel,
} from './format.ts';
import { PastBadge } from './past-badge.tsx';

export function EventCard({
  event,
  actions,
  priority,
  showHost = true,
}: {
  event: EventDto;
  actions?: ReactNode;
  priority?: boolean;
  /** Off in one person's list, where every event has the same host. */
  showHost?: boolean;
}) {
  // A repeating event shows its next date; it is past once its last date has started.
  const when = event.occurrence.startsAt;
  const leaf = calendarLeaf(when);
  const past = isPast(event.lastStartsAt);
  const joined = attendanceSummary(event);
  return (
    <article
      className={[styles.card, past && styles.past, actions && styles.withActions].filter(Boolean).join(' ')}
    >
      <div className={styles.media}>
        <EventImage event={event} sizes="(min-width: 600px) 200px, 96px" priority={priority} />
        <span className={styles.leaf} aria-hidden="true">
          <span className={styles.month}>{leaf.month}</span>
          <span className={styles.day}>{leaf.day}</span>
        </span>
      </div>
      <div className={styles.body}>
        <p className={styles.when}>
          <time dateTime={when} title={formatEventStart(when)}>
            {formatEventStartShort(when)}
          </time>
          {event.cancelled ? <PastBadge label={t`Cancelled`} /> : past && <PastBadge />}
          {event.repeat && <span className={styles.repeats}>{repeatsLabel(event.repeat.frequency)}</span>}
        </p>
        <h3 className={styles.title}>
          <Link to={paths.eventDetail(event.id)} className={styles.link}>
            <bdi>{event.title}</bdi>
          </Link>
        </h3>
        <p className={styles.meta}>
          {showHost && (
            <span className={styles.host}>
              <Trans>
                Hosted by <bdi>{fullName(event.host)}</bdi>
              </Trans>
            </span>
          )}
          {joined && (
            <span className={styles.count}>
              <Users aria-hidden="true" size={14} />
              {joined}
            </span>
          )}
        </p>
      </div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </article>
  );
}
