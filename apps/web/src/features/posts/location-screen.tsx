/** /locations/{slug}: the posts taken at one place that the viewer may see, newest first, with a map link. */

import { messages } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { MapPin } from 'lucide-react';
import { useParams } from 'react-router';
import { EmptyState, Page } from '@/components/page.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { pointMapUrl } from '@/lib/map-link.ts';
import { useLocationPosts } from './api/location-posts.ts';
import styles from './location-screen.module.css';
import { PostGrid } from './post-grid.tsx';

export function LocationScreen() {
  const { slug = '' } = useParams();
  const query = useLocationPosts(slug);
  const first = query.data?.pages[0];
  if (query.isError && isApiError(query.error, 'NotFound')) {
    return (
      <Page title={t`Place`}>
        <EmptyState icon={<MapPin />} title={messages.places.notFound} />
      </Page>
    );
  }
  const name = first?.name ?? '';
  const point = first?.coordinates;
  return (
    <Page title={name || t`Place`}>
      {point && (
        <p className={styles.map}>
          <a href={pointMapUrl(point.latitude, point.longitude)} target="_blank" rel="noopener noreferrer">
            <MapPin aria-hidden="true" size={16} />
            <Trans>Open in OpenStreetMap</Trans>
          </a>
        </p>
      )}
      <PostGrid
        query={query}
        label={t`Posts taken at ${name}`}
        empty={<EmptyState icon={<MapPin />} title={messages.places.empty} />}
      />
    </Page>
  );
}
