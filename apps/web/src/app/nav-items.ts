import { paths } from '@glimpse/shared';
import {
  Bell,
  CalendarDays,
  Compass,
  Heart,
  Home,
  type LucideIcon,
  PlusSquare,
  Settings,
  ShieldAlert,
} from 'lucide-react';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Shown in the phone's bottom bar as well as the menu. */
  primary?: boolean;
  /** Only for moderators and admins (trust and safety). */
  staffOnly?: boolean;
}

/** Side navigation of SPEC.md §2, in its order. Log Out follows as a button. */
export const navItems: NavItem[] = [
  { label: 'Post', to: paths.addPost, icon: PlusSquare, primary: true },
  { label: 'Feed', to: paths.home, icon: Home, primary: true },
  { label: 'Notification', to: paths.notifications, icon: Bell, primary: true },
  { label: 'Explore', to: paths.explore, icon: Compass, primary: true },
  { label: 'Event', to: paths.events, icon: CalendarDays, primary: true },
  { label: 'Favorite', to: paths.myFavorite, icon: Heart },
  { label: 'Settings', to: paths.settings, icon: Settings },
  { label: 'Moderation', to: paths.moderation, icon: ShieldAlert, staffOnly: true },
];
