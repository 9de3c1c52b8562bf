/**
 * The upcoming-events panel of the home feed (SPEC.md §2): the next few events of the accounts I
 * follow and my own, each linking to its detail page. Self-contained (fetch, skeleton, empty
 * text); the feed only places it: above the posts on phones (a strip that scrolls sideways), in a
 * side column on desktop (a list).
 */

import { limits, messages, paths } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '@/components/skeleton.tsx';
import { useUpcomingEvents } from './api/get-upcoming-events.ts';
import { EventImage } from './event-image.tsx';
import { calendarLeaf, formatEventStart, formatEventStartCompact } from './format.ts';
import styles from './upcoming-events-panel.module.css';

export function UpcomingEventsPanel({ limit = limits.upcomingEventsDefault }: { limit?: number }) {
  const headingId = useId();
  const { data, isPending, isError, refetch } = useUpcomingEvents(limit);

  let body: React.ReactNode;
  if (isPending) {
    body = (
      <div className={styles.list} role="status" aria-busy="true" aria-label={t`Loading upcoming events`}>
        {Array.from({ length: 3 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <span key={i} className={styles.item}>
            <Skeleton height={56} width={56} />
            <span className={styles.text}>
              <Skeleton height={14} width="80%" />
              <Skeleton height={12} width="60%" />
            </span>
          </span>
        ))}
      </div>
    );
  } else if (isError) {
    body = (
      <p className={styles.empty}>
        {messages.event.loadFailed}{' '}
        <button type="button" className={styles.retry} onClick={() => void refetch()}>
          {messages.common.tryAgain}
        </button>
      </p>
    );
  } else if (data.items.length === 0) {
    body = <p className={styles.empty}>{messages.event.noUpcoming}</p>;
  } else {
    body = (
      <ul className={styles.list}>
        {data.items.map((event) => {
          const when = event.occurrence.startsAt;
          const leaf = calendarLeaf(when);
          return (
            <li key={event.id}>
              <Link to={paths.eventDetail(event.id)} className={styles.item}>
                <span className={styles.thumb}>
                  <EventImage event={event} sizes="64px" />
                  <span className={styles.leaf} aria-hidden="true">
                    <span className={styles.month}>{leaf.month}</span>
                    <span className={styles.day}>{leaf.day}</span>
                  </span>
                </span>
                <span className={styles.text}>
                  <bdi className={styles.title}>{event.title}</bdi>
                  <time className={styles.when} dateTime={when} title={formatEventStart(when)}>
                    {formatEventStartCompact(when)}
                  </time>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.heading}>
          <Trans>Upcoming events</Trans>
        </h2>
        <Link to={paths.events} className={styles.all}>
          <Trans>See all</Trans>
        </Link>
      </div>
      {body}
    </section>
  );
}
