/** A post's place, as a link to the posts taken there (/locations/{slug}). */
import type { PostPlaceDto } from '@glimpse/shared';
import { paths } from '@glimpse/shared';
import { MapPin } from 'lucide-react';
import { Link } from 'react-router';
import styles from './place-link.module.css';

export function PlaceLink({ place }: { place: PostPlaceDto | null }) {
  if (!place) return null;
  return (
    <Link to={paths.location(place.slug)} className={styles.place}>
      <MapPin aria-hidden="true" size={14} />
      <span>{place.name}</span>
    </Link>
  );
}
