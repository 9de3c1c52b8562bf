/**
 * Who joined: the avatar stack (3 pictures, then "+N" for the rest; SPEC.md §9) and the full list
 * of people, each linking to their public profile: once for Going (the date shown) and once for
 * Interested.
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
import { joinedLabel, overflowCount } from './format.ts';
import styles from './joined-people.module.css';

export function AvatarStack({ event }: { event: EventDto }) {
  return <PeopleStack count={event.interestedCount} preview={event.joinedPreview} />;
}

function PeopleStack({ count, preview, label }: { count: number; preview: AuthorDto[]; label?: string }) {
  if (count === 0) return null;
  const shown = preview.slice(0, limits.avatarStackSize);
  const more = overflowCount(count, shown.length);
  return (
    <div className={styles.stack} role="img" aria-label={label ?? joinedLabel(count)}>
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
  return (
    <PeopleSection
      title={t`People who joined`}
      loadingLabel={t`Loading people who joined`}
      empty={messages.event.noOneJoined}
      query={useInterested(event.id)}
      stack={<AvatarStack event={event} />}
    />
  );
}

export function GoingPeople({ event }: { event: EventDto }) {
  const { attendance } = event;
  const { goingCount, waitlistCount } = attendance;
  const { capacity } = event;
  const going = capacity === null ? t`${goingCount} going` : t`${goingCount} going of ${capacity}`;
  return (
    <PeopleSection
      title={t`Going`}
      loadingLabel={t`Loading going`}
      empty={messages.event.noOneGoing}
      note={waitlistCount ? t`${going} · ${waitlistCount} on the waitlist` : going}
      query={useGoing(event.id, attendance.occurrence)}
      stack={
        <PeopleStack
          count={attendance.goingCount}
          preview={attendance.goingPreview}
          label={t`${goingCount} going`}
        />
      }
    />
  );
}

function PeopleSection({
  title,
  loadingLabel,
  empty,
  note,
  query,
  stack,
}: {
  title: string;
  loadingLabel: string;
  empty: string;
  note?: string;
  query: PeopleQuery;
  stack: React.ReactNode;
}) {
  const { data, isPending, isError, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const people = data?.pages.flatMap((page) => page.items) ?? [];
  const headingId = useId();

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.heading}>
          {title}
        </h2>
        {stack}
      </div>
      {note && <p className={styles.username}>{note}</p>}
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
      ) : people.length === 0 ? (
        <p className={styles.empty}>{empty}</p>
      ) : (
        <>
          <ul className={styles.list} aria-label={title}>
            {people.map(({ person }) => (
              <li key={person.userId} className={styles.person}>
                <Avatar image={person.profileImage} name={fullName(person)} seed={person.userId} size={36} />
                <span className={styles.names}>
                  <span className={styles.nameRow}>
                    <Link to={paths.userPublicFeed(person.userId)} className={styles.name}>
                      <bdi>{fullName(person)}</bdi>
                    </Link>
                    <NameBadges person={person} />
                  </span>
                  <span className={styles.username}>@{person.username}</span>
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
      )}
    </section>
  );
}
