/**
 * Who joined: the avatar stack (3 pictures, then "+N" for the rest; SPEC.md §9) and the full list
 * of people, each linking to their public profile.
 */

import type { EventDto } from '@glimpse/shared';
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
import { useInterested } from './api/get-interested.ts';
import { joinedLabel, overflowCount } from './format.ts';
import styles from './joined-people.module.css';

export function AvatarStack({ event }: { event: EventDto }) {
  if (event.interestedCount === 0) return null;
  const shown = event.joinedPreview.slice(0, limits.avatarStackSize);
  const more = overflowCount(event.interestedCount, shown.length);
  return (
    <div className={styles.stack} role="img" aria-label={joinedLabel(event.interestedCount)}>
      {shown.map((person) => (
        <span key={person.userId} className={styles.stackItem} data-avatar="">
          <Avatar image={person.profileImage} name={fullName(person)} seed={person.userId} size={40} />
        </span>
      ))}
      {more > 0 && <span className={styles.more}>+{more}</span>}
    </div>
  );
}

export function JoinedPeople({ event }: { event: EventDto }) {
  const { data, isPending, isError, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } = useInterested(
    event.id,
  );
  const people = data?.pages.flatMap((page) => page.items) ?? [];
  const headingId = useId();

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.heading}>
          <Trans>People who joined</Trans>
        </h2>
        <AvatarStack event={event} />
      </div>
      {isPending ? (
        <div
          role="status"
          aria-busy="true"
          aria-label={t`Loading people who joined`}
          className={styles.loading}
        >
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
        <p className={styles.empty}>{messages.event.noOneJoined}</p>
      ) : (
        <>
          <ul className={styles.list} aria-label={t`People who joined`}>
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
