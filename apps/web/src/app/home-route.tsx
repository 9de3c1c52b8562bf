/** The home route composes three features: the feed of posts, with the upcoming-events panel beside it. */
import { UpcomingEventsPanel } from '@/features/events/upcoming-events-panel.tsx';
import { HomeScreen } from '@/features/feed/home-screen.tsx';
import { FeedItem } from '@/features/posts/feed-item.tsx';

export function HomeRoute() {
  return (
    <HomeScreen
      renderPost={(post, index) => <FeedItem key={post.id} post={post} priority={index === 0} />}
      sidePanel={<UpcomingEventsPanel />}
    />
  );
}
