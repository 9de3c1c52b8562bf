/**
 * /eventdetail/{id}: picture, title, start in the viewer's locale, website, description, host,
 * Interested, Add to calendar, and the people who joined. The host can delete it from here too.
 */
import { messages, paths } from '@glimpse/shared';
import { CalendarPlus, CalendarX2, Clock, ExternalLink, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { AuthorLine } from '@/components/author-line.tsx';
import { Button, ButtonAnchor, ButtonLink } from '@/components/button.tsx';
import { ConfirmDialog } from '@/components/dialog.tsx';
import { EmptyState, Page } from '@/components/page.tsx';
import { Skeleton } from '@/components/skeleton.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useViewer } from '@/lib/session.ts';
import { useDeleteEvent } from './api/delete-event.ts';
import { calendarUrl, useEvent } from './api/get-event.ts';
import styles from './event-detail-screen.module.css';
import { EventImage } from './event-image.tsx';
import { formatEventStart, isPast } from './format.ts';
import { InterestedButton } from './interested-button.tsx';
import { JoinedPeople } from './joined-people.tsx';
import { PastBadge } from './past-badge.tsx';

/** The website as the host typed it, without the scheme: "jazz.example.com/tickets". */
function displayUrl(href: string) {
  try {
    const url = new URL(href);
    return `${url.host}${url.pathname === '/' ? '' : url.pathname}`;
  } catch {
    return href;
  }
}

export function EventDetailScreen() {
  const { id = '' } = useParams();
  const me = useViewer();
  const navigate = useNavigate();
  const { data: event, isPending, isError, error, refetch } = useEvent(id);
  const deleteEvent = useDeleteEvent();
  const [confirming, setConfirming] = useState(false);

  if (isPending) {
    return (
      <Page title="Event" hideHeading>
        <div className={styles.card} role="status" aria-busy="true" aria-label="Loading event">
          <div className={styles.media}>
            <Skeleton height="100%" />
          </div>
          <div className={styles.layout}>
            <div className={styles.head}>
              <Skeleton height={20} width="40%" />
              <Skeleton height={32} width="80%" />
            </div>
            <div className={styles.description}>
              <Skeleton height={80} />
            </div>
          </div>
        </div>
      </Page>
    );
  }
  if (isError) {
    const missing = isApiError(error, 'NotFound');
    return (
      <Page title="Event" width="narrow">
        <EmptyState
          icon={<CalendarX2 />}
          title={missing ? messages.event.notFound : messages.event.loadFailed}
        >
          {missing ? (
            <ButtonLink to={paths.events}>See events</ButtonLink>
          ) : (
            <Button onClick={() => void refetch()}>Try again</Button>
          )}
        </EmptyState>
      </Page>
    );
  }

  const past = isPast(event.startsAt);
  const isHost = event.host.userId === me.user.id;

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
              {past && <PastBadge />}
            </p>
            {/* The page's h1 (visually hidden) carries the title for assistive technology. */}
            <p className={styles.title} aria-hidden="true">
              {event.title}
            </p>
          </header>
          <div className={styles.side}>
            <div className={styles.host}>
              <span className={styles.label}>Hosted by</span>
              <AuthorLine author={event.host} />
            </div>
            <div className={styles.host}>
              <span className={styles.label}>Website</span>
              <a
                className={styles.website}
                href={event.website}
                target="_blank"
                rel="noopener noreferrer nofollow ugc"
              >
                <ExternalLink aria-hidden="true" size={16} />
                <span>{displayUrl(event.website)}</span>
              </a>
            </div>
            <div className={styles.actions}>
              <InterestedButton event={event} />
              <ButtonAnchor
                variant="secondary"
                href={calendarUrl(event.id)}
                download
                icon={<CalendarPlus aria-hidden="true" size={18} />}
              >
                Add to calendar
              </ButtonAnchor>
            </div>
            {isHost && (
              <Button
                variant="ghost"
                size="sm"
                icon={<Trash2 aria-hidden="true" size={16} />}
                onClick={() => setConfirming(true)}
                className={styles.delete}
              >
                Delete event
              </Button>
            )}
          </div>
          <p className={styles.description}>{event.description}</p>
          <div className={styles.joined}>
            <JoinedPeople event={event} />
          </div>
        </div>
      </article>
      {isHost && (
        <ConfirmDialog
          open={confirming}
          title="Delete this event?"
          message={`“${event.title}” and the list of people who joined will be removed for everyone. This cannot be undone.`}
          busy={deleteEvent.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            deleteEvent.mutate(event.id, {
              onSuccess: () => navigate(paths.events, { replace: true }),
              onSettled: () => setConfirming(false),
            })
          }
        />
      )}
    </Page>
  );
}
