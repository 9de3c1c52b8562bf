/**
 * The home route composes four features: the feed of posts, with the upcoming-events panel beside
 * it and the server's announcements above it.
 */
import { AnnouncementBanner } from '@/features/community/announcement-banner.tsx';
import { UpcomingEventsPanel } from '@/features/events/upcoming-events-panel.tsx';
import { HomeScreen } from '@/features/feed/home-screen.tsx';
import { FeedItem } from '@/features/posts/feed-item.tsx';

export function HomeRoute() {
  return (
    <HomeScreen
      renderPost={(post, index) => <FeedItem key={post.id} post={post} priority={index === 0} />}
      sidePanel={<UpcomingEventsPanel />}
      banner={<AnnouncementBanner />}
    />
  );
}
