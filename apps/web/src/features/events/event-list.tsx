/**
 * A list of events, upcoming first (soonest first), then past ones (latest first, marked Past).
 * Two keyset-paginated queries: the past ones load only once every upcoming one is shown. Infinite
 * scroll plus a Load more button for keyboards, skeletons, an error with retry, an empty state.
 */

import type { EventDto } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from '@/components/button.tsx';
import { EmptyState } from '@/components/page.tsx';
import { Skeleton } from '@/components/skeleton.tsx';
import type { EventList as EventListSource } from '@/lib/query-keys.ts';
import { useInfiniteScroll } from '@/lib/use-infinite-scroll.ts';
import { useEvents } from './api/get-events.ts';
import { EventCard } from './event-card.tsx';
import styles from './event-list.module.css';

interface EventListProps {
  list: EventListSource;
  label: string;
  empty: ReactNode;
  /** Controls drawn on each item, e.g. Delete on one's own profile. */
  itemActions?: (event: EventDto) => ReactNode;
}

export function EventList({ list, label, empty, itemActions }: EventListProps) {
  const upcoming = useEvents(list, 'upcoming');
  const upcomingDone = upcoming.isSuccess && !upcoming.hasNextPage;
  const past = useEvents(list, 'past', { enabled: upcomingDone });
  const active = upcomingDone ? past : upcoming;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = active;
  const sentinel = useInfiniteScroll(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, Boolean(hasNextPage));

  if (upcoming.isPending || (upcomingDone && past.isPending)) {
    return (
      <div className={styles.list} role="status" aria-busy="true" aria-label={t`Loading ${label}`}>
        {Array.from({ length: 3 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} height={136} />
        ))}
      </div>
    );
  }
  if (upcoming.isError || past.isError) {
    return (
      <EmptyState title={messages.event.loadFailed}>
        <Button
          variant="secondary"
          onClick={() => void (upcoming.isError ? upcoming.refetch() : past.refetch())}
        >
          {messages.common.tryAgain}
        </Button>
      </EmptyState>
    );
  }
  const events = [...upcoming.data.pages, ...(past.data?.pages ?? [])].flatMap((page) => page.items);
  if (events.length === 0) return <>{empty}</>;

  return (
    <>
      <ul className={styles.list} aria-label={label}>
        {events.map((event, index) => (
          <li key={event.id}>
            <EventCard
              event={event}
              actions={itemActions?.(event)}
              priority={index < 3}
              showHost={list.kind === 'followed'}
            />
          </li>
        ))}
      </ul>
      <div ref={sentinel} />
      {hasNextPage && (
        <div className={styles.more}>
          <Button
            variant="secondary"
            onClick={() => void fetchNextPage()}
            busy={isFetchingNextPage}
            busyLabel={t`Loading...`}
          >
            <Trans>Load more</Trans>
          </Button>
        </div>
      )}
    </>
  );
}
