/**
 * /userpublicfeed/{uid} composes four features: someone's header (profile), Follow / Unfollow and
 * Report (social), their photos (posts) and events (events).
 */
import { messages, paths } from '@glimpse/shared';
import { ImageOff } from 'lucide-react';
import { Navigate, useParams } from 'react-router';
import { Button, ButtonLink } from '@/components/button.tsx';
import { EmptyState, Page } from '@/components/page.tsx';
import { Skeleton } from '@/components/skeleton.tsx';
import { UserEventList } from '@/features/events/user-events.tsx';
import { AuthorPostGrid } from '@/features/posts/author-post-grid.tsx';
import { ProfileHeader } from '@/features/profile/profile-header.tsx';
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
      <Page title="Profile" hideHeading>
        <Skeleton height={320} />
      </Page>
    );
  }
  if (profile.isError) {
    const missing = isApiError(profile.error, 'NotFound');
    return (
      <Page title="Profile" width="narrow">
        <EmptyState
          icon={<ImageOff />}
          title={missing ? messages.profile.notFound : messages.common.somethingWentWrong}
        >
          {missing ? (
            <ButtonLink to={paths.explore}>Explore stories</ButtonLink>
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
            <FollowButton userId={person.userId} following={person.followedByMe} />
            <ReportButton userId={person.userId} name={name} />
          </>
        }
      />
      <section className={styles.section}>
        <h2 className={styles.heading}>Photos</h2>
        <AuthorPostGrid userId={person.userId} name={name} firstName={person.firstName} />
      </section>
      <section className={styles.section}>
        <h2 className={styles.heading}>Events</h2>
        <UserEventList userId={person.userId} />
      </section>
    </Page>
  );
}
