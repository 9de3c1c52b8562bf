/**
 * When and where on /eventdetail/{id}: the date shown in the viewer's zone (with the event's own
 * clock named when it differs), Past or Cancelled, the place with a map link (OpenStreetMap, a
 * plain link: the browser asks nothing of a third party until the person follows it), and a
 * repeating event's next dates, each a link to Going for that date.
 */
import type { EventDto } from '@glimpse/shared';
import { paths } from '@glimpse/shared';
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Clock, MapPin, Repeat } from 'lucide-react';
import { Link } from 'react-router';
import styles from './event-detail-screen.module.css';
import {
  formatEnd,
  formatEventStart,
  formatEventStartShort,
  isPast,
  mapLink,
  repeatsLabel,
  zoneNote,
} from './format.ts';
import { PastBadge } from './past-badge.tsx';

export function EventWhen({ event }: { event: EventDto }) {
  const { occurrence } = event;
  const note = zoneNote(occurrence.startsAt, event.timeZone);
  return (
    <div className={styles.when}>
      <Clock aria-hidden="true" size={18} />
      <span className={styles.whenText}>
        <span>
          <time dateTime={occurrence.startsAt}>{formatEventStart(occurrence.startsAt)}</time>
          {occurrence.endsAt && (
            <>
              {' – '}
              <time dateTime={occurrence.endsAt}>{formatEnd(occurrence.startsAt, occurrence.endsAt)}</time>
            </>
          )}{' '}
          {event.cancelled ? (
            <span className={styles.cancelled}>
              <Trans>Cancelled</Trans>
            </span>
          ) : (
            isPast(occurrence.startsAt) && <PastBadge />
          )}
        </span>
        {note && <span className={styles.zone}>{note}</span>}
      </span>
    </div>
  );
}

export function EventPlace({ event }: { event: EventDto }) {
  const map = mapLink(event);
  if (!event.place && !map) return null;
  return (
    <div className={styles.host}>
      <span className={styles.label}>
        <Trans>Place</Trans>
      </span>
      {event.place && <p className={styles.place}>{event.place}</p>}
      {map && (
        <a className={styles.website} href={map} target="_blank" rel="noopener noreferrer">
          <MapPin aria-hidden="true" size={16} />
          <span>
            <Trans>Open map</Trans>
          </span>
        </a>
      )}
    </div>
  );
}

export function EventDates({ event }: { event: EventDto }) {
  if (!event.repeat) return null;
  const { frequency, count, until } = event.repeat;
  const ends = count ? plural(count, { one: '# time', other: '# times' }) : until ? t`until ${until}` : '';
  return (
    <section className={styles.host} aria-label={t`Next dates`}>
      <span className={styles.label}>
        <Repeat aria-hidden="true" size={12} /> {repeatsLabel(frequency)} {ends && `· ${ends}`}
      </span>
      {event.nextOccurrences.length === 0 ? (
        <p className={styles.place}>
          <Trans>No dates left.</Trans>
        </p>
      ) : (
        <ul className={styles.dates}>
          {event.nextOccurrences.map((date) => (
            <li key={date.index}>
              <Link
                to={`${paths.eventDetail(event.id)}?occurrence=${date.index}`}
                aria-current={date.index === event.occurrence.index ? 'date' : undefined}
              >
                <time dateTime={date.startsAt}>{formatEventStartShort(date.startsAt)}</time>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
