/**
 * Location on /addpost and Edit: free text with the places already used here (and public events'
 * places) suggested as one types, so members converge on one spelling; "Use my location" adds the
 * browser's point, only when the member asks. A photo's EXIF is never read for it.
 */
import type { PostLocationInput } from '@glimpse/shared';
import { limits, messages } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/button.tsx';
import { TextField } from '@/components/field.tsx';
import { UseMyLocationButton } from '@/components/use-my-location-button.tsx';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { usePlaceSuggestions } from './api/place-suggestions.ts';
import styles from './location-field.module.css';

type Location = Pick<PostLocationInput, 'name' | 'latitude' | 'longitude'>;

const samePlace = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function LocationField({
  value,
  onChange,
  error,
}: {
  value: Location | null;
  onChange: (next: Location | null) => void;
  error?: string;
}) {
  const listId = useId();
  const name = value?.name ?? '';
  const typed = useDebouncedValue(name, 200);
  const suggestions = usePlaceSuggestions(typed).data ?? [];
  const [locationError, setLocationError] = useState('');
  const point = value?.latitude != null && value.longitude != null ? value : null;

  function type(next: string) {
    if (!next.trim()) return onChange(next ? { name: next } : null);
    // A picked suggestion with a public point (an event's place) brings it, unless the member's own is set.
    const picked = suggestions.find((place) => samePlace(place.name, next));
    if (!point && picked?.latitude != null && picked.longitude != null) {
      return onChange({ name: picked.name, latitude: picked.latitude, longitude: picked.longitude });
    }
    onChange({ ...value, name: next });
  }

  return (
    <div className={styles.location}>
      <TextField
        label={messages.fields.location}
        value={name}
        onChange={(event) => type(event.target.value)}
        list={listId}
        autoComplete="off"
        maxLength={limits.placeNameMax}
        error={error || locationError || undefined}
        hint={t`Optional. Pick a suggestion to use the spelling others use.`}
      />
      <datalist id={listId}>
        {suggestions.map((place) => (
          <option key={`${place.slug ?? 'event'}-${place.name}`} value={place.name} />
        ))}
      </datalist>
      <div className={styles.point}>
        {point ? (
          <>
            <p role="status" className={styles.pointText}>
              <Trans>
                Point: {point.latitude}, {point.longitude}
              </Trans>
            </p>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              icon={<X aria-hidden="true" size={16} />}
              onClick={() => onChange(name ? { name } : null)}
            >
              <Trans>Remove point</Trans>
            </Button>
          </>
        ) : (
          <UseMyLocationButton
            onLocating={() => setLocationError('')}
            onLocated={(located) => onChange({ name, ...located })}
            onUnavailable={() => setLocationError(messages.places.locationUnavailable)}
          />
        )}
      </div>
    </div>
  );
}
