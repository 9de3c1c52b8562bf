/** The home route composes two features: the feed, with the upcoming-events panel beside it. */
import { UpcomingEventsPanel } from '@/features/events/upcoming-events-panel.tsx';
import { HomeScreen } from '@/features/feed/home-screen.tsx';

export function HomeRoute() {
  return <HomeScreen sidePanel={<UpcomingEventsPanel />} />;
}
