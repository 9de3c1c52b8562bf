/** Badges beside a name (SPEC.md §6): admin, verified check, and a star past 10 followers. */

import type { AuthorDto } from '@glimpse/shared';
import { limits } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { BadgeCheck, Star } from 'lucide-react';
import styles from './name-badges.module.css';

type BadgeSource = Pick<AuthorDto, 'isAdminUser' | 'isVerified' | 'followerCount'>;

export function NameBadges({ person, showStar = true }: { person: BadgeSource; showStar?: boolean }) {
  return (
    <>
      {showStar && person.followerCount > limits.starFollowerThreshold && (
        <Star className={styles.star} size={16} aria-label={t`Popular: more than 10 followers`} role="img" />
      )}
      {person.isVerified && (
        <BadgeCheck className={styles.verified} size={16} aria-label={t`Verified`} role="img" />
      )}
      {person.isAdminUser && (
        <span className={styles.admin}>
          <Trans>Admin</Trans>
        </span>
      )}
    </>
  );
}
