import { useEffect, useRef } from 'react';

/** Calls `onReach` when the returned sentinel element scrolls near the viewport. */
export function useInfiniteScroll(onReach: () => void, enabled: boolean) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onReach);
  latest.current = onReach;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !enabled) return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && latest.current(),
      {
        rootMargin: '600px 0px',
      },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);
  return sentinel;
}
