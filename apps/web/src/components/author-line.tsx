/** Avatar, name with badges and a link to the person's public profile, plus an optional time. */
import type { AuthorDto } from '@glimpse/shared';
import { paths } from '@glimpse/shared';
import { Link } from 'react-router';
import { fullName } from '@/lib/format.ts';
import styles from './author-line.module.css';
import { Avatar } from './avatar.tsx';
import { NameBadges } from './name-badges.tsx';
import { TimeAgo } from './time-ago.tsx';

export function AuthorLine({ author, at, size = 40 }: { author: AuthorDto; at?: string; size?: number }) {
  const name = fullName(author);
  return (
    <div className={styles.line}>
      <Link
        to={paths.userPublicFeed(author.userId)}
        className={styles.avatarLink}
        tabIndex={-1}
        aria-hidden="true"
      >
        <Avatar image={author.profileImage} name={name} seed={author.userId} size={size} />
      </Link>
      <div className={styles.text}>
        <span className={styles.nameRow}>
          <Link to={paths.userPublicFeed(author.userId)} className={styles.name}>
            <bdi>{name}</bdi>
          </Link>
          <NameBadges person={author} />
        </span>
        <span className={styles.meta}>
          {/* Isolated, or an Arabic line puts the "@" after the handle. */}
          <bdi dir="ltr">@{author.username}</bdi>
          {at && (
            <>
              {' · '}
              <TimeAgo iso={at} />
            </>
          )}
        </span>
      </div>
    </div>
  );
}
