import type { PostDto } from '@glimpse/shared';
import { messages, paths } from '@glimpse/shared';
import { Quote } from 'lucide-react';
import { Link } from 'react-router';
import styles from './post-actions.module.css';

/** The new post's address that quotes this one: /addpost?quote=<id>. */
export const quotePostPath = (postId: string) => `${paths.addPost}?quote=${encodeURIComponent(postId)}`;

/**
 * Quote, beside Share: only when the viewer may quote the post (open to anyone, its policy lets
 * them in), so a post whose author allows nobody shows none.
 */
export function QuoteButton({ post }: { post: PostDto }) {
  if (!post.quotable) return null;
  return (
    <Link to={quotePostPath(post.id)} className={styles.action}>
      <Quote aria-hidden="true" size={20} />
      <span>{messages.quotes.quote}</span>
    </Link>
  );
}
