/** A profile's header: background, picture, names with badges, username, bio, website and counts. */

import { fediverseHandle, httpUrl, type ProfileDto } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Plural } from '@lingui/react/macro';
import { Link2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Avatar } from '@/components/avatar.tsx';
import { NameBadges } from '@/components/name-badges.tsx';
import { ResponsiveImage } from '@/components/responsive-image.tsx';
import { fullName } from '@/lib/format.ts';
import { BackgroundPlaceholder } from './placeholders.tsx';
import styles from './profile-header.module.css';

export function ProfileHeader({ profile, actions }: { profile: ProfileDto; actions?: ReactNode }) {
  const name = fullName(profile);
  const { followerCount: followers, followingCount: following } = profile;
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
          <Plural
            value={followers}
            one={
              <span>
                <strong>#</strong> follower
              </span>
            }
            other={
              <span>
                <strong>#</strong> followers
              </span>
            }
          />
          <Plural
            value={following}
            one={
              <span>
                <strong>#</strong> following
              </span>
            }
            other={
              <span>
                <strong>#</strong> following
              </span>
            }
          />
        </p>
      </div>
    </section>
  );
}
