/** An event's picture, or the default placeholder (SPEC.md §3) when the host chose none. */
import type { EventDto } from '@glimpse/shared';
import { CalendarDays } from 'lucide-react';
import { ResponsiveImage } from '@/components/responsive-image.tsx';
import styles from './event-image.module.css';

interface EventImageProps {
  event: Pick<EventDto, 'image' | 'title'>;
  sizes: string;
  className?: string;
  priority?: boolean;
}

export function EventImage({ event, sizes, className, priority }: EventImageProps) {
  if (event.image) {
    return (
      <ResponsiveImage
        image={event.image}
        alt={event.title}
        sizes={sizes}
        className={className}
        priority={priority}
      />
    );
  }
  return (
    <span className={[styles.placeholder, className].filter(Boolean).join(' ')}>
      <CalendarDays aria-hidden="true" strokeWidth={1.5} />
    </span>
  );
}
