/** /userpublicfeed/{uid}: someone's header, Follow / Unfollow, Report, their photos and events. */
import { messages, paths } from '@glimpse/shared';
import { ImageOff, ImagePlus } from 'lucide-react';
import { Navigate, useParams } from 'react-router';
import { Button, ButtonLink } from '@/components/button.tsx';
import { EmptyState, Page } from '@/components/page.tsx';
import { Skeleton } from '@/components/skeleton.tsx';
import { useViewer } from '@/features/auth/api/get-me.ts';
import { UserEventList } from '@/features/events/user-events.tsx';
import { usePosts } from '@/features/posts/api/get-posts.ts';
import { PostGrid } from '@/features/posts/post-grid.tsx';
import { ProfileHeader } from '@/features/profile/profile-header.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { fullName } from '@/lib/format.ts';
import { usePublicProfile } from './api/get-public-profile.ts';
import { FollowButton } from './follow-button.tsx';
import styles from './public-profile-screen.module.css';
import { ReportButton } from './report-dialog.tsx';

export function PublicProfileScreen() {
  const { uid = '' } = useParams();
  const me = useViewer();
  const profile = usePublicProfile(uid);
  const posts = usePosts({ kind: 'author', userId: uid });

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
            <Button onClick={() => void profile.refetch()}>Try again</Button>
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
        <PostGrid
          query={posts}
          label={`Photos by ${name}`}
          empty={
            <EmptyState icon={<ImagePlus />} title={`${person.firstName} has not posted any photos yet.`} />
          }
        />
      </section>
      <section className={styles.section}>
        <h2 className={styles.heading}>Events</h2>
        <UserEventList userId={person.userId} />
      </section>
    </Page>
  );
}
