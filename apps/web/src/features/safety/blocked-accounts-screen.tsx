/** /settings/blocked: the accounts I blocked, each with Unblock. */

import { messages } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Ban } from 'lucide-react';
import { AuthorLine } from '@/components/author-line.tsx';
import { Button } from '@/components/button.tsx';
import { LoadMore } from '@/components/load-more.tsx';
import { EmptyState, Page } from '@/components/page.tsx';
import { Row, RowList } from '@/components/row-list.tsx';
import { Skeleton } from '@/components/skeleton.tsx';
import { useBlockedAccounts } from './api/blocked.ts';
import { useRelation } from './api/relations.ts';
import styles from './people-list.module.css';

function UnblockButton({ userId }: { userId: string }) {
  const block = useRelation(userId, 'block');
  return (
    <Button variant="secondary" size="sm" busy={block.isPending} onClick={() => block.mutate(false)}>
      <Trans>Unblock</Trans>
    </Button>
  );
}

export function BlockedAccountsScreen() {
  const blocked = useBlockedAccounts();
  const people = blocked.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Page title={t`Blocked accounts`} width="narrow">
      <p className={styles.intro}>
        <Trans>Blocked people cannot see your profile, posts or events, and you do not see theirs.</Trans>
      </p>
      {blocked.isPending ? (
        <Skeleton height={120} />
      ) : blocked.isError ? (
        <EmptyState title={messages.safety.blockedListFailed}>
          <Button variant="secondary" onClick={() => void blocked.refetch()}>
            {messages.common.tryAgain}
          </Button>
        </EmptyState>
      ) : people.length === 0 ? (
        <EmptyState icon={<Ban />} title={messages.safety.noBlocked} />
      ) : (
        <RowList label={t`Blocked accounts`}>
          {people.map(({ person, blockedAt }) => (
            <Row key={person.userId}>
              <AuthorLine author={person} at={blockedAt} />
              <UnblockButton userId={person.userId} />
            </Row>
          ))}
        </RowList>
      )}
      <LoadMore
        hasNextPage={blocked.hasNextPage}
        isFetchingNextPage={blocked.isFetchingNextPage}
        fetchNextPage={blocked.fetchNextPage}
      />
    </Page>
  );
}
