/**
 * /eventdetail/{id}[?occurrence=N]: picture, title, the date in the viewer's zone (and the event's
 * own when it differs), place, next dates of a repeating event, website, description, host, Going
 * (or Join waitlist) for the date shown, Interested, Add to calendar, and who joined (going,
 * waiting, interested). The host can edit, cancel or delete it from here too.
 */
import { useParams, useSearchParams } from 'react-router';
import { Page } from '@/components/page.tsx';
import { useViewer } from '@/lib/session.ts';
import { useEvent } from './api/get-event.ts';
import styles from './event-detail-screen.module.css';
import { EventDetailFailed, EventDetailLoading } from './event-detail-states.tsx';
import { EventImage } from './event-image.tsx';
import { EventSide } from './event-side.tsx';
import { EventDates, EventPlace, EventWhen } from './event-when-where.tsx';
import { JoinedPeople } from './joined-people.tsx';

/** `?occurrence=3` → 3; anything else → the next date. */
function occurrenceParam(value: string | null): number | undefined {
  return value !== null && /^\d{1,4}$/.test(value) ? Number(value) : undefined;
}

export function EventDetailScreen() {
  const { id = '' } = useParams();
  const me = useViewer();
  const [search] = useSearchParams();
  const {
    data: event,
    isPending,
    isError,
    error,
    refetch,
  } = useEvent(id, occurrenceParam(search.get('occurrence')));

  if (isPending) return <EventDetailLoading />;
  if (isError) return <EventDetailFailed error={error} retry={() => void refetch()} />;

  return (
    <Page title={event.title} hideHeading>
      <article className={styles.card}>
        <div className={styles.media}>
          <EventImage event={event} sizes="(min-width: 1200px) 960px, 100vw" priority />
        </div>
        <div className={styles.layout}>
          <header className={styles.head}>
            <EventWhen event={event} />
            {/* The page's h1 (visually hidden) carries the title for assistive technology. */}
            <p className={styles.title} aria-hidden="true">
              <bdi>{event.title}</bdi>
            </p>
          </header>
          <EventSide event={event} isHost={event.host.userId === me.user.id}>
            <EventPlace event={event} />
            <EventDates event={event} />
          </EventSide>
          <p className={styles.description}>{event.description}</p>
          <div className={styles.joined}>
            <JoinedPeople event={event} />
          </div>
        </div>
      </article>
    </Page>
  );
}
