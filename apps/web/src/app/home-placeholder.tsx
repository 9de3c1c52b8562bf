/**
 * Stand-in for the home feed until its screen lands (issue 4): what is coming, plus the
 * upcoming-events panel placed as the feed will place it, above the posts on phones and in a side
 * column on desktop. Delete this file when the feed screen replaces the route.
 */
import { paths } from '@glimpse/shared';
import { Sparkles } from 'lucide-react';
import { ButtonLink } from '@/components/button.tsx';
import { EmptyState, Page } from '@/components/page.tsx';
import { UpcomingEventsPanel } from '@/features/events/upcoming-events-panel.tsx';
import styles from './home-placeholder.module.css';

export function HomePlaceholder() {
  return (
    <Page title="Feed">
      <div className={styles.layout}>
        <aside className={styles.side}>
          <UpcomingEventsPanel />
        </aside>
        <div className={styles.main}>
          <EmptyState
            icon={<Sparkles aria-hidden="true" />}
            title="Feed is coming with the social graph and feed update."
          >
            <ButtonLink to={paths.profile} variant="secondary">
              Go to your profile
            </ButtonLink>
          </EmptyState>
        </div>
      </div>
    </Page>
  );
}
