/** /profile composes three features: my header (profile), my posts with Delete (posts), my events (events). */

import { paths } from '@glimpse/shared';
import { Trans } from '@lingui/react/macro';
import { Pencil, Plus } from 'lucide-react';
import { ButtonLink } from '@/components/button.tsx';
import { Page } from '@/components/page.tsx';
import { UserEventList } from '@/features/events/user-events.tsx';
import { OwnPostGrid } from '@/features/posts/own-post-grid.tsx';
import { ProfileHeader } from '@/features/profile/profile-header.tsx';
import { fullName } from '@/lib/format.ts';
import { useViewer } from '@/lib/session.ts';
import styles from './profile-route.module.css';

export function ProfileRoute() {
  const me = useViewer();
  const profile = me.profile!;

  return (
    <Page title={fullName(profile)} hideHeading>
      <ProfileHeader
        profile={profile}
        actions={
          <>
            <ButtonLink to={paths.addPost} icon={<Plus aria-hidden="true" size={18} />}>
              <Trans>Add post</Trans>
            </ButtonLink>
            <ButtonLink
              to={paths.setupProfile}
              variant="secondary"
              icon={<Pencil aria-hidden="true" size={16} />}
            >
              <Trans>Edit profile</Trans>
            </ButtonLink>
          </>
        }
      />
      <section className={styles.section} aria-labelledby="my-posts">
        <h2 id="my-posts" className={styles.heading}>
          <Trans>Posts</Trans>
        </h2>
        <OwnPostGrid userId={me.user.id} />
      </section>
      <section className={styles.section} aria-labelledby="my-events">
        <h2 id="my-events" className={styles.heading}>
          <Trans>Events</Trans>
        </h2>
        <UserEventList userId={me.user.id} canDelete />
      </section>
    </Page>
  );
}
