/** A profile's header: background, picture, names with badges, username, bio, website and counts. */

import { fediverseHandle, httpUrl, type ProfileDto } from '@glimpse/shared';
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Avatar } from '@/components/avatar.tsx';
import { NameBadges } from '@/components/name-badges.tsx';
import { ResponsiveImage } from '@/components/responsive-image.tsx';
import { formatCount, fullName } from '@/lib/format.ts';
import { BackgroundPlaceholder } from './placeholders.tsx';
import styles from './profile-header.module.css';

export function ProfileHeader({ profile, actions }: { profile: ProfileDto; actions?: ReactNode }) {
  const name = fullName(profile);
  // Only http(s) becomes a link, whatever a row from before that rule holds.
  const website = httpUrl(profile.website);
  return (
    <section className={styles.header} aria-label={t`Profile`}>
      <div className={styles.banner}>
        {profile.backgroundImage ? (
          <ResponsiveImage
            image={profile.backgroundImage}
            alt=""
            sizes="(min-width: 900px) 960px, 100vw"
            priority
          />
        ) : (
          <BackgroundPlaceholder />
        )}
      </div>
      <div className={styles.body}>
        <div className={styles.avatarRow}>
          <span className={styles.avatar}>
            <Avatar image={profile.profileImage} name={name} seed={profile.userId} size={112} />
          </span>
          {actions && <div className={styles.actions}>{actions}</div>}
        </div>
        <h2 className={styles.name}>
          <bdi>{name}</bdi>
          <NameBadges person={profile} />
        </h2>
        <p className={styles.username}>{fediverseHandle(profile.username, window.location.host)}</p>
        {profile.bio && (
          <p className={styles.bio} dir="auto">
            {profile.bio}
          </p>
        )}
        {website && (
          <a
            className={styles.website}
            href={website.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
          >
            <Link2 aria-hidden="true" size={16} />
            {website.host}
          </a>
        )}
        <p className={styles.counts}>
          <span>
            <strong>{formatCount(profile.followerCount)}</strong>{' '}
            {plural(profile.followerCount, { one: 'follower', other: 'followers' })}
          </span>
          <span>
            <Trans>
              <strong>{formatCount(profile.followingCount)}</strong> following
            </Trans>
          </span>
        </p>
      </div>
    </section>
  );
}
