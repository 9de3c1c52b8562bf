/**
 * The end of an infinite list: a sentinel that loads the next page as it scrolls near, and a
 * Load more button for keyboards and screen readers (and when the observer is not enough).
 */
import { messages } from '@glimpse/shared';
import { Trans } from '@lingui/react/macro';
import { useInfiniteScroll } from '@/lib/use-infinite-scroll.ts';
import { Button } from './button.tsx';
import styles from './load-more.module.css';

interface LoadMoreProps {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  /** Lists that should not load by themselves (e.g. comments) show only the button. */
  auto?: boolean;
  /** The button's words; "Load more" unless the list says what more it loads. */
  label?: string;
}

export function LoadMore({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  auto = true,
  label,
}: LoadMoreProps) {
  const sentinel = useInfiniteScroll(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, auto && hasNextPage);
  return (
    <>
      <div ref={sentinel} />
      {hasNextPage && (
        <div className={styles.more}>
          <Button
            variant="secondary"
            onClick={() => void fetchNextPage()}
            busy={isFetchingNextPage}
            busyLabel={messages.common.loading}
          >
            {label ?? <Trans>Load more</Trans>}
          </Button>
        </div>
      )}
    </>
  );
}
