/**
 * /settings/followed-tags (linked from /settings/account): the hashtags whose posts join my home
 * feed, the latest followed first, each a link to its page and with Unfollow hashtag. Only I see
 * my list.
 */

import { messages, paths } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Hash, X } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/button.tsx';
import { EmptyState, Page } from '@/components/page.tsx';
import { Row, RowList } from '@/components/row-list.tsx';
import { useToast } from '@/components/toast.tsx';
import { useFollowedTags, useUnfollowTag } from './api/followed-tags.ts';
import styles from './followed-tags-screen.module.css';

export function FollowedTagsScreen() {
  const list = useFollowedTags();
  const unfollow = useUnfollowTag();
  const toast = useToast();
  const items = list.data?.items ?? [];
  return (
    <Page title={t`Followed hashtags`} width="narrow">
      <p className={styles.intro}>
        <Trans>Public posts with these hashtags join your home feed.</Trans>
      </p>
      {list.isPending ? null : items.length === 0 ? (
        <EmptyState icon={<Hash />} title={messages.tags.noFollowed} />
      ) : (
        <RowList label={t`Followed hashtags`}>
          {items.map((item) => (
            <Row key={item.tag}>
              <Link className={styles.tag} to={paths.tag(item.tag)}>
                <bdi>#{item.tag}</bdi>
              </Link>
              <Button
                variant="ghost"
                size="sm"
                icon={<X aria-hidden="true" size={16} />}
                aria-label={t`Unfollow hashtag #${item.tag}`}
                onClick={() =>
                  unfollow.mutate(item.tag, { onError: () => toast.error(messages.tags.followFailed) })
                }
              >
                <Trans>Unfollow hashtag</Trans>
              </Button>
            </Row>
          ))}
        </RowList>
      )}
    </Page>
  );
}
