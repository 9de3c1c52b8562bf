import { paths } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
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
  /** The English name: what badges are keyed by, whatever the language. */
  name: string;
  /** The name shown, in the active language. */
  readonly label: string;
  to: string;
  icon: LucideIcon;
  /** Shown in the phone's bottom bar as well as the menu. */
  primary?: boolean;
  /** Only for moderators and admins (trust and safety). */
  staffOnly?: boolean;
}

/** Read at render, so the labels follow the active language (lib/i18n.ts). */
function navLabel(name: string): string {
  switch (name) {
    case 'Post':
      return t`Post`;
    case 'Feed':
      return t`Feed`;
    case 'Notification':
      return t`Notification`;
    case 'Explore':
      return t`Explore`;
    case 'Event':
      return t`Event`;
    case 'Favorite':
      return t`Favorite`;
    case 'Settings':
      return t`Settings`;
    default:
      return t`Moderation`;
  }
}

/** Side navigation of SPEC.md §2, in its order. Log Out follows as a button. */
export const navItems: NavItem[] = [
  {
    name: 'Post',
    get label() {
      return navLabel('Post');
    },
    to: paths.addPost,
    icon: PlusSquare,
    primary: true,
  },
  {
    name: 'Feed',
    get label() {
      return navLabel('Feed');
    },
    to: paths.home,
    icon: Home,
    primary: true,
  },
  {
    name: 'Notification',
    get label() {
      return navLabel('Notification');
    },
    to: paths.notifications,
    icon: Bell,
    primary: true,
  },
  {
    name: 'Explore',
    get label() {
      return navLabel('Explore');
    },
    to: paths.explore,
    icon: Compass,
    primary: true,
  },
  {
    name: 'Event',
    get label() {
      return navLabel('Event');
    },
    to: paths.events,
    icon: CalendarDays,
    primary: true,
  },
  {
    name: 'Favorite',
    get label() {
      return navLabel('Favorite');
    },
    to: paths.myFavorite,
    icon: Heart,
  },
  {
    name: 'Settings',
    get label() {
      return navLabel('Settings');
    },
    to: paths.settings,
    icon: Settings,
  },
  {
    name: 'Moderation',
    get label() {
      return navLabel('Moderation');
    },
    to: paths.moderation,
    icon: ShieldAlert,
    staffOnly: true,
  },
];
