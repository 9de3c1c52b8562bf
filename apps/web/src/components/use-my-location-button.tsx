/**
 * "Use my location": asks the browser for its point only when the member presses it (a post's
 * Location on /addpost and Edit, an event's Coordinates on /addevent), rounded to 5 decimals
 * (about a metre), with Locating… while the browser answers. The form shows a failure in its own
 * words beside its own field.
 */
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { LocateFixed } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/button.tsx';

export interface BrowserPoint {
  latitude: number;
  longitude: number;
}

const rounded = (degrees: number) => Number(degrees.toFixed(5));

export function UseMyLocationButton({
  onLocating,
  onLocated,
  onUnavailable,
}: {
  /** The browser is being asked: a failure shown before is out of date. */
  onLocating: () => void;
  onLocated: (point: BrowserPoint) => void;
  /** No geolocation in this browser, permission refused, or no answer within 10 s. */
  onUnavailable: () => void;
}) {
  const [locating, setLocating] = useState(false);

  function locate() {
    if (!('geolocation' in navigator)) return onUnavailable();
    setLocating(true);
    onLocating();
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating(false);
        onLocated({ latitude: rounded(coords.latitude), longitude: rounded(coords.longitude) });
      },
      () => {
        setLocating(false);
        onUnavailable();
      },
      { timeout: 10_000 },
    );
  }

  return (
    <Button
      type="button"
      variant="secondary"
      size="sm"
      busy={locating}
      busyLabel={t`Locating…`}
      icon={<LocateFixed aria-hidden="true" size={16} />}
      onClick={locate}
    >
      <Trans>Use my location</Trans>
    </Button>
  );
}
