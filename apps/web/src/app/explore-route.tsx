/** Explore composes two features: the grid of posts, with the search feature's Trending tags above it. */
import { ExploreScreen } from '@/features/posts/grid-screens.tsx';
import { TrendingTags } from '@/features/search/trending-tags.tsx';

export function ExploreRoute() {
  return <ExploreScreen before={<TrendingTags />} />;
}
