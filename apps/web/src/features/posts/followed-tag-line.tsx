import type { PostDto } from '@glimpse/shared';
import { paths } from '@glimpse/shared';
import { Trans } from '@lingui/react/macro';
import { Hash } from 'lucide-react';
import { Link } from 'react-router';
import styles from './post-actions.module.css';

/**
 * "Because you follow #tag" above a post that a followed hashtag alone brought into the home feed
 * (a post brought by a follow or a share carries no tag: PostDto.followedTag). The tag is isolated
 * (bdi) so its # stays before it in a right-to-left sentence.
 */
export function FollowedTagLine({ post }: { post: PostDto }) {
  if (!post.followedTag) return null;
  const tag = post.followedTag;
  return (
    <p className={styles.sharedBy}>
      <Hash aria-hidden="true" size={14} />
      <span>
        <Trans>
          Because you follow{' '}
          <Link to={paths.tag(tag)}>
            <bdi>#{tag}</bdi>
          </Link>
        </Trans>
      </span>
    </p>
  );
}
