/**
 * /userpublicfeed/{uid} composes five features: someone's header (profile), Follow / Unfollow and
 * Report (social), Block and Mute (safety), their photos (posts) and events (events). Someone I
 * blocked shows only the header with Unblock: the server hides their things from me. A private
 * account I do not follow shows its header and "This account is private". An account
 * that moved says where, and takes no new follow.
 */

import { messages, paths } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { ArrowRightLeft, Ban, ImageOff, Lock } from 'lucide-react';
import { Link, Navigate, useParams } from 'react-router';
import { Button, ButtonLink } from '@/components/button.tsx';
import { EmptyState, Page } from '@/components/page.tsx';
import { Skeleton } from '@/components/skeleton.tsx';
import { UserEventList } from '@/features/events/user-events.tsx';
import { AuthorPostGrid } from '@/features/posts/author-post-grid.tsx';
import { ProfileHeader } from '@/features/profile/profile-header.tsx';
import { BlockButton, MuteButton } from '@/features/safety/relation-buttons.tsx';
import { usePublicProfile } from '@/features/social/api/get-public-profile.ts';
import { FollowButton } from '@/features/social/follow-button.tsx';
import { ReportButton } from '@/features/social/report-dialog.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { fullName } from '@/lib/format.ts';
import { useViewer } from '@/lib/session.ts';
import styles from './profile-route.module.css';

export function PublicProfileRoute() {
  const { uid = '' } = useParams();
  const me = useViewer();
  const profile = usePublicProfile(uid);

  if (uid === me.user.id) return <Navigate to={paths.profile} replace />;
  if (profile.isPending) {
    return (
      <Page title={t`Profile`} hideHeading>
        <Skeleton height={320} />
      </Page>
    );
  }
  if (profile.isError) {
    const missing = isApiError(profile.error, 'NotFound');
    return (
      <Page title={t`Profile`} width="narrow">
        <EmptyState
          icon={<ImageOff />}
          title={missing ? messages.profile.notFound : messages.common.somethingWentWrong}
        >
          {missing ? (
            <ButtonLink to={paths.explore}>
              <Trans>Explore stories</Trans>
            </ButtonLink>
          ) : (
            <Button onClick={() => void profile.refetch()}>{messages.common.tryAgain}</Button>
          )}
        </EmptyState>
      </Page>
    );
  }

  const person = profile.data;
  const name = fullName(person);
  return (
    <Page title={name} hideHeading>
      <ProfileHeader
        profile={person}
        actions={
          <>
            {!person.blockedByMe && (
              <FollowButton
                userId={person.userId}
                following={person.followedByMe}
                requested={person.followRequested}
                disabled={person.movedTo !== null}
              />
            )}
            <ReportButton userId={person.userId} name={name} username={person.username} />
            {!person.blockedByMe && <MuteButton userId={person.userId} muted={person.mutedByMe} />}
            <BlockButton userId={person.userId} name={name} blocked={person.blockedByMe} />
          </>
        }
      />
      {person.movedTo && (
        <p className={styles.moved}>
          <ArrowRightLeft aria-hidden="true" size={18} className="flip-in-rtl" />
          <span>
            <Trans>
              This account has moved to{' '}
              <Link to={paths.userPublicFeed(person.movedTo.userId)} dir="ltr">
                @{person.movedTo.username}
              </Link>
            </Trans>
          </span>
        </p>
      )}
      {person.blockedByMe ? (
        <EmptyState icon={<Ban />} title={t`You blocked ${name}.`}>
          <p>
            <Trans>You do not see each other’s posts, comments or events.</Trans>
          </p>
        </EmptyState>
      ) : person.contentVisible ? (
        <PublicContent userId={person.userId} name={name} firstName={person.firstName} />
      ) : (
        <EmptyState icon={<Lock />} title={t`This account is private`}>
          <p>
            <Trans>Follow {name} to see their photos and events once they approve.</Trans>
          </p>
        </EmptyState>
      )}
    </Page>
  );
}

function PublicContent({ userId, name, firstName }: { userId: string; name: string; firstName: string }) {
  return (
    <>
      <section className={styles.section}>
        <h2 className={styles.heading}>
          <Trans>Photos</Trans>
        </h2>
        <AuthorPostGrid userId={userId} name={name} firstName={firstName} />
      </section>
      <section className={styles.section}>
        <h2 className={styles.heading}>
          <Trans>Events</Trans>
        </h2>
        <UserEventList userId={userId} />
      </section>
    </>
  );
}
