/**
 * /eventdetail/{id}: picture, title, start in the viewer's locale, website, description, host,
 * Interested, Add to calendar, and the people who joined. The host can delete it from here too.
 */
import { Clock } from 'lucide-react';
import { useParams } from 'react-router';
import { Page } from '@/components/page.tsx';
import { useViewer } from '@/lib/session.ts';
import { useEvent } from './api/get-event.ts';
import styles from './event-detail-screen.module.css';
import { EventDetailFailed, EventDetailLoading } from './event-detail-states.tsx';
import { EventImage } from './event-image.tsx';
import { EventSide } from './event-side.tsx';
import { formatEventStart, isPast } from './format.ts';
import { JoinedPeople } from './joined-people.tsx';
import { PastBadge } from './past-badge.tsx';

export function EventDetailScreen() {
  const { id = '' } = useParams();
  const me = useViewer();
  const { data: event, isPending, isError, error, refetch } = useEvent(id);

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
            <p className={styles.when}>
              <Clock aria-hidden="true" size={18} />
              <time dateTime={event.startsAt}>{formatEventStart(event.startsAt)}</time>
              {isPast(event.startsAt) && <PastBadge />}
            </p>
            {/* The page's h1 (visually hidden) carries the title for assistive technology. */}
            <p className={styles.title} aria-hidden="true">
              <bdi>{event.title}</bdi>
            </p>
          </header>
          <EventSide event={event} isHost={event.host.userId === me.user.id} />
          <p className={styles.description}>{event.description}</p>
          <div className={styles.joined}>
            <JoinedPeople event={event} />
          </div>
        </div>
      </article>
    </Page>
  );
}
