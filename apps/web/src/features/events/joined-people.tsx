/**
 * Who joined the date shown, on /eventdetail: the summary the event's card shows too ("2 going · 3
 * interested"), then a list for each of Going and Interested that has anyone in it, each with its
 * avatar stack (3 pictures, then "+N"; SPEC.md §9) and every person linking to their profile.
 * "No one has joined yet." only when nobody is going, waiting or interested.
 */
import type { AuthorDto, EventDto, Page } from '@glimpse/shared';
import { limits, messages, paths } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { Link } from 'react-router';
import { Avatar } from '@/components/avatar.tsx';
import { Button } from '@/components/button.tsx';
import { NameBadges } from '@/components/name-badges.tsx';
import { Skeleton } from '@/components/skeleton.tsx';
import { fullName } from '@/lib/format.ts';
import { useGoing } from './api/get-going.ts';
import { useInterested } from './api/get-interested.ts';
import { anyoneJoined, attendanceSummary, goingLabel, interestedLabel, overflowCount } from './format.ts';
import styles from './joined-people.module.css';

function PeopleStack({ count, preview, label }: { count: number; preview: AuthorDto[]; label: string }) {
  if (count === 0) return null;
  const shown = preview.slice(0, limits.avatarStackSize);
  const more = overflowCount(count, shown.length);
  return (
    <div className={styles.stack} role="img" aria-label={label}>
      {shown.map((person) => (
        <span key={person.userId} className={styles.stackItem} data-avatar="">
          <Avatar image={person.profileImage} name={fullName(person)} seed={person.userId} size={40} />
        </span>
      ))}
      {more > 0 && <span className={styles.more}>+{more}</span>}
    </div>
  );
}

type PeopleQuery = {
  data: { pages: Page<{ person: AuthorDto }>[] } | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
};

export function JoinedPeople({ event }: { event: EventDto }) {
  const headingId = useId();
  const summary = attendanceSummary(event);
  const { goingCount } = event.attendance;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.heading}>
          <Trans>People who joined</Trans>
        </h2>
        {summary && <p className={styles.summary}>{summary}</p>}
      </div>
      {!anyoneJoined(event) && <p className={styles.empty}>{messages.event.noOneJoined}</p>}
      {goingCount > 0 && (
        <GoingList
          event={event}
          stack={
            <PeopleStack
              count={goingCount}
              preview={event.attendance.goingPreview}
              label={goingLabel(goingCount)}
            />
          }
        />
      )}
      {event.interestedCount > 0 && (
        <InterestedList
          event={event}
          stack={
            <PeopleStack
              count={event.interestedCount}
              preview={event.joinedPreview}
              label={interestedLabel(event.interestedCount)}
            />
          }
        />
      )}
    </section>
  );
}

function GoingList({ event, stack }: { event: EventDto; stack: React.ReactNode }) {
  return (
    <PeopleList
      title={t({ message: 'Going', context: 'a list of people' })}
      loadingLabel={t`Loading going`}
      query={useGoing(event.id, event.attendance.occurrence)}
      stack={stack}
    />
  );
}

function InterestedList({ event, stack }: { event: EventDto; stack: React.ReactNode }) {
  return (
    <PeopleList
      title={t({ message: 'Interested', context: 'a list of people' })}
      loadingLabel={t`Loading interested`}
      query={useInterested(event.id)}
      stack={stack}
    />
  );
}

function PeopleList({
  title,
  loadingLabel,
  query,
  stack,
}: {
  title: string;
  loadingLabel: string;
  query: PeopleQuery;
  stack: React.ReactNode;
}) {
  const { data, isPending, isError, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const people = data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className={styles.group}>
      <div className={styles.header}>
        <h3 className={styles.subheading}>{title}</h3>
        {stack}
      </div>
      {isPending ? (
        <div role="status" aria-busy="true" aria-label={loadingLabel} className={styles.loading}>
          <Skeleton height={40} />
          <Skeleton height={40} />
        </div>
      ) : isError ? (
        <p className={styles.empty}>
          {messages.event.loadFailed}{' '}
          <button type="button" className={styles.retry} onClick={() => void refetch()}>
            {messages.common.tryAgain}
          </button>
        </p>
      ) : (
        people.length > 0 && (
          <>
            <ul className={styles.list} aria-label={title}>
              {people.map(({ person }) => (
                <li key={person.userId} className={styles.person}>
                  <Avatar
                    image={person.profileImage}
                    name={fullName(person)}
                    seed={person.userId}
                    size={36}
                  />
                  <span className={styles.names}>
                    <span className={styles.nameRow}>
                      <Link to={paths.userPublicFeed(person.userId)} className={styles.name}>
                        <bdi>{fullName(person)}</bdi>
                      </Link>
                      <NameBadges person={person} />
                    </span>
                    <bdi className={styles.username}>@{person.username}</bdi>
                  </span>
                </li>
              ))}
            </ul>
            {hasNextPage && (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void fetchNextPage()}
                busy={isFetchingNextPage}
                busyLabel={messages.common.loading}
              >
                <Trans>Show more people</Trans>
              </Button>
            )}
          </>
        )
      )}
    </div>
  );
}
