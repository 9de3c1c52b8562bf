import type { PostDto } from '@glimpse/shared';
import { paths } from '@glimpse/shared';
import { plural, t } from '@lingui/core/macro';
import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { AuthorLine } from '@/components/author-line.tsx';
import { LinkedText } from '@/components/linked-text.tsx';
import { MutedFold } from '@/components/muted-fold.tsx';
import { PhotoCarousel } from '@/components/photo-carousel.tsx';
import { SensitiveMedia } from '@/components/sensitive-media.tsx';

import styles from './feed-item.module.css';
import { LikeButton } from './like-button.tsx';

/** One post in the home feed (composed into it by app/home-route.tsx): author with badges, picture, caption, Like and counts. */
export function FeedItem({ post, priority }: { post: PostDto; priority?: boolean }) {
  return (
    <article className={styles.item} aria-label={t`Post by ${post.author.firstName} ${post.author.lastName}`}>
      <header className={styles.header}>
        <AuthorLine author={post.author} at={post.createdAt} />
      </header>
      <MutedFold text={post.caption} what="post">
        <div className={styles.media}>
          <SensitiveMedia sensitive={post.sensitive}>
            <PhotoCarousel
              photos={post.photos}
              fallbackAlt={post.caption}
              sizes="(min-width: 900px) 600px, 100vw"
              priority={priority}
              autoplayVideos
            />
          </SensitiveMedia>
        </div>
        <div className={styles.body}>
          <div className={styles.actions}>
            <LikeButton post={post} />
            <Link to={paths.postDetail(post.id)} className={styles.comments}>
              <MessageCircle aria-hidden="true" size={20} />
              {plural(post.commentCount, { one: '# comment', other: '# comments' })}
            </Link>
          </div>
          <p className={styles.likes}>{plural(post.likeCount, { one: '# like', other: '# likes' })}</p>
          <p className={styles.caption}>
            <LinkedText text={post.caption} />
          </p>
        </div>
      </MutedFold>
    </article>
  );
}
