/** Explore's "Trending tags": chips linking to each tag's page, with how many posts used it this week. */
import { messages, paths } from '@glimpse/shared';
import { Link } from 'react-router';
import { Skeleton } from '@/components/skeleton.tsx';
import { useTrendingTags } from './api/trending-tags.ts';
import styles from './trending-tags.module.css';

export function TrendingTags() {
  const trending = useTrendingTags();
  return (
    <section className={styles.section} aria-labelledby="trending-tags-heading">
      <h2 id="trending-tags-heading" className={styles.heading}>
        {messages.search.trendingHeading}
      </h2>
      {trending.isPending ? (
        <Skeleton height={32} />
      ) : trending.isError ? (
        <p role="alert" className={styles.note}>
          {messages.search.failed}
        </p>
      ) : trending.data.length === 0 ? (
        <p className={styles.note}>{messages.search.noTrending}</p>
      ) : (
        <ul className={styles.chips}>
          {trending.data.map((item) => (
            <li key={item.tag}>
              <Link to={paths.tag(item.tag)} className={styles.chip}>
                #{item.tag} <span className={styles.count}>{messages.tags.count(item.postCount)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
