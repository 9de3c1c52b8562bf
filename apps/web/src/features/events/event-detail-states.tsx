/** /eventdetail/{id} while it loads, and when it cannot be shown (gone, or the request failed). */

import { messages, paths } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { CalendarX2 } from 'lucide-react';
import { Button, ButtonLink } from '@/components/button.tsx';
import { EmptyState, Page } from '@/components/page.tsx';
import { Skeleton } from '@/components/skeleton.tsx';
import { isApiError } from '@/lib/api-client.ts';
import styles from './event-detail-screen.module.css';

export function EventDetailLoading() {
  return (
    <Page title={t`Event`} hideHeading>
      <div className={styles.card} role="status" aria-busy="true" aria-label={t`Loading event`}>
        <div className={styles.media}>
          <Skeleton height="100%" />
        </div>
        <div className={styles.layout}>
          <div className={styles.head}>
            <Skeleton height={20} width="40%" />
            <Skeleton height={32} width="80%" />
          </div>
          <div className={styles.description}>
            <Skeleton height={80} />
          </div>
        </div>
      </div>
    </Page>
  );
}

export function EventDetailFailed({ error, retry }: { error: unknown; retry: () => void }) {
  const missing = isApiError(error, 'NotFound');
  return (
    <Page title={t`Event`} width="narrow">
      <EmptyState icon={<CalendarX2 />} title={missing ? messages.event.notFound : messages.event.loadFailed}>
        {missing ? (
          <ButtonLink to={paths.events}>
            <Trans>See events</Trans>
          </ButtonLink>
        ) : (
          <Button onClick={() => retry()}>{messages.common.tryAgain}</Button>
        )}
      </EmptyState>
    </Page>
  );
}
