/** /follow-requests: who asked to follow my private account, oldest first, each with Approve and Decline. */
import type { FollowRequestDto } from '@glimpse/shared';
import { messages, paths } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { UserCheck } from 'lucide-react';
import { Link } from 'react-router';
import { AuthorLine } from '@/components/author-line.tsx';
import { Button } from '@/components/button.tsx';
import { EmptyState, Page } from '@/components/page.tsx';
import { Row, RowActions, RowList } from '@/components/row-list.tsx';
import { Skeleton } from '@/components/skeleton.tsx';
import { useAnswerFollowRequest, useFollowRequests } from './api/follow-requests.ts';
import styles from './follow-requests-screen.module.css';

function RequestRow({ request }: { request: FollowRequestDto }) {
  const answer = useAnswerFollowRequest(request.requester.userId);
  return (
    <Row>
      <AuthorLine author={request.requester} at={request.createdAt} />
      <RowActions>
        <Button
          size="sm"
          busy={answer.isPending && answer.variables === true}
          disabled={answer.isPending}
          onClick={() => answer.mutate(true)}
        >
          <Trans>Approve</Trans>
        </Button>
        <Button
          size="sm"
          variant="secondary"
          busy={answer.isPending && answer.variables === false}
          disabled={answer.isPending}
          onClick={() => answer.mutate(false)}
        >
          <Trans>Decline</Trans>
        </Button>
      </RowActions>
    </Row>
  );
}

export function FollowRequestsScreen() {
  const requests = useFollowRequests();
  return (
    <Page title={t`Follow requests`} width="narrow">
      <p className={styles.intro}>
        <Trans>People you approve see your posts and events.</Trans>
      </p>
      {requests.isPending ? (
        <Skeleton height={120} />
      ) : requests.isError ? (
        <EmptyState title={messages.social.followRequestsFailed}>
          <Button variant="secondary" onClick={() => void requests.refetch()}>
            {messages.common.tryAgain}
          </Button>
        </EmptyState>
      ) : requests.data.length === 0 ? (
        <EmptyState icon={<UserCheck />} title={t`No follow requests`} />
      ) : (
        <RowList label={t`Follow requests`}>
          {requests.data.map((request) => (
            <RequestRow key={request.requester.userId} request={request} />
          ))}
        </RowList>
      )}
    </Page>
  );
}

/** The link on /notifications, shown while any request waits. */
export function FollowRequestsLink() {
  const requests = useFollowRequests();
  const waiting = requests.data?.length ?? 0;
  if (waiting === 0) return null;
  return (
    <p className={styles.link}>
      <Link to={paths.followRequests}>{t`Follow requests`}</Link>{' '}
      <span className={styles.count}>({waiting})</span>
    </p>
  );
}
