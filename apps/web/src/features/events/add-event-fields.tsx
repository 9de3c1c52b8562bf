/**
 * The fields of /addevent and of editing an event: Title, Date and Time (the seed's names, native
 * pickers), End date and End time (optional), Time zone (the browser's by default), Place with
 * optional coordinates ("Use my location" or typed "lat, long"), Capacity, Repeats (with an end
 * date or a number of times), Website, Description, Audience (Public or Followers only); and the form's checks around the shared schema.
 * Times are read on the chosen zone's clock and sent as instants plus the zone's name.
 */
import {
  type Audience,
  currentZoneName,
  type EventDto,
  formatUtcOffset,
  instantOfWallTime,
  isTimeZone,
  limits,
  messages,
  wallTimeOf,
  zoneOffsetMs,
} from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import { AudienceSelect } from '@/components/audience-select.tsx';
import { ComboboxField } from '@/components/combobox-field.tsx';
import { RequiredNote, SelectField, TextArea, TextField } from '@/components/field.tsx';
import { UseMyLocationButton } from '@/components/use-my-location-button.tsx';
import type { FieldErrors } from '@/lib/use-form.ts';
import styles from './add-event-screen.module.css';
import { localTimeZone } from './format.ts';
import { timeZoneOptions, zoneMatches } from './time-zone-options.ts';

export interface EventFieldValues {
  title: string;
  date: string;
  time: string;
  endDate: string;
  endTime: string;
  timeZone: string;
  place: string;
  coordinates: string;
  capacity: string;
  repeats: 'never' | 'weekly' | 'monthly';
  repeatUntil: string;
  repeatCount: string;
  website: string;
  description: string;
  audience: Audience;
}

export type EventFormValues = EventFieldValues & { image: File | null };
type Values = EventFormValues;

const instant = (date: string, time: string, zone: string) =>
  date && time ? (instantOfWallTime({ date, time }, zone)?.toISOString() ?? null) : null;

const startOf = (values: Pick<Values, 'date' | 'time' | 'timeZone'>) =>
  instant(values.date, values.time, values.timeZone);

/** An End time alone ends on the start's day. */
const endOf = (values: Values) =>
  values.endTime ? instant(values.endDate || values.date, values.endTime, values.timeZone) : null;

/** "52.52, 13.40" → numbers; blank → none; anything else → NaN, which the schema words. */
function coordinatesOf(text: string): { latitude: number | null; longitude: number | null } {
  if (!text.trim()) return { latitude: null, longitude: null };
  const match = /^\s*(-?\d+(?:\.\d+)?)\s*[,;\s]\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!match) return { latitude: Number.NaN, longitude: Number.NaN };
  return { latitude: Number(match[1]), longitude: Number(match[2]) };
}

const numberOrNull = (text: string) => (text.trim() ? Number(text) : null);

/** Date and Time each say when they are missing; the schema's one start time speaks under Date. */
function check(values: Values) {
  return {
    date: !values.date
      ? messages.event.dateRequired
      : values.time && !startOf(values)
        ? messages.event.startInvalid
        : '',
    time: values.time ? '' : messages.event.timeRequired,
    endTime: values.endDate && !values.endTime ? messages.event.endTimeRequired : '',
  };
}

const fieldNames: Record<string, string> = {
  startsAt: 'date',
  endsAt: 'endTime',
  latitude: 'coordinates',
  longitude: 'coordinates',
  repeat: 'repeatUntil',
  imageId: 'image',
};

/** A schema path or a server field ("repeat.count") → the form field that shows it. */
const fieldOf = (key: string, values: Values) => {
  const top = key.split('.')[0]!;
  return top === 'startsAt' && !startOf(values) ? null : (fieldNames[top] ?? top);
};

export const emptyEventValues: Values = {
  image: null,
  title: '',
  date: '',
  time: '',
  endDate: '',
  endTime: '',
  timeZone: '',
  place: '',
  coordinates: '',
  capacity: '',
  repeats: 'never',
  repeatUntil: '',
  repeatCount: '',
  website: '',
  description: '',
  audience: 'public',
};

/** The form's values for an event being edited, on its own zone's clock. */
export function valuesOfEvent(event: EventDto): Values {
  const start = wallTimeOf(new Date(event.startsAt), event.timeZone);
  const end = event.endsAt ? wallTimeOf(new Date(event.endsAt), event.timeZone) : null;
  return {
    image: null,
    title: event.title,
    date: start.date,
    time: start.time,
    endDate: end && end.date !== start.date ? end.date : '',
    endTime: end?.time ?? '',
    timeZone: currentZoneName(event.timeZone),
    place: event.place,
    coordinates:
      event.latitude !== null && event.longitude !== null ? `${event.latitude}, ${event.longitude}` : '',
    capacity: event.capacity === null ? '' : String(event.capacity),
    repeats: event.repeat?.frequency ?? 'never',
    repeatUntil: event.repeat?.until ?? '',
    repeatCount: event.repeat?.count ? String(event.repeat.count) : '',
    website: event.website,
    description: event.description,
    audience: event.audience,
  };
}

/** The schema's input from the form's fields. */
function input(values: Values) {
  return {
    title: values.title,
    startsAt: startOf(values) ?? '',
    endsAt: endOf(values),
    timeZone: values.timeZone,
    place: values.place,
    ...coordinatesOf(values.coordinates),
    capacity: numberOrNull(values.capacity),
    repeat:
      values.repeats === 'never'
        ? null
        : {
            frequency: values.repeats,
            until: values.repeatUntil || null,
            count: numberOrNull(values.repeatCount),
          },
    website: values.website,
    description: values.description,
    audience: values.audience,
  };
}

/** The form's own rules around the shared schemas (useForm options). */
export const eventFormRules = {
  initial: emptyEventValues,
  check,
  input,
  fieldOf,
};

/** Under Time zone: the zone's offset at the event's start (or now, before a date is set). */
function zoneHint(values: EventFieldValues): string {
  if (!isTimeZone(values.timeZone)) return t`Date and Time are on this clock.`;
  const offset = formatUtcOffset(
    zoneOffsetMs(Date.parse(startOf(values) ?? '') || Date.now(), values.timeZone),
  );
  return t`Date and Time are on this clock: ${offset}.`;
}

interface AddEventFieldsProps {
  form: {
    values: EventFieldValues;
    errors: FieldErrors;
    set: <K extends keyof EventFormValues>(name: K, value: EventFormValues[K]) => void;
    field: (name: Exclude<keyof EventFieldValues, 'repeats' | 'audience'>) => {
      value: string;
      onChange: (event: { target: { value: string } }) => void;
      error: string | undefined;
    };
  };
}

export function AddEventFields({ form }: AddEventFieldsProps) {
  const { values } = form;
  // Stable while the zone stays, so the open list is not rebuilt as someone types.
  const zoneChoices = useCallback(() => timeZoneOptions(Date.now(), values.timeZone), [values.timeZone]);
  const [locationError, setLocationError] = useState('');

  return (
    <>
      <RequiredNote />
      <TextField label={t`Title`} {...form.field('title')} maxLength={limits.eventTitleMax} required />
      <div className={styles.row}>
        <TextField label={t`Date`} type="date" {...form.field('date')} required />
        <TextField label={t`Time`} type="time" {...form.field('time')} required />
      </div>
      <div className={styles.row}>
        <TextField label={t`End date`} type="date" {...form.field('endDate')} />
        <TextField label={t`End time`} type="time" {...form.field('endTime')} />
      </div>
      <ComboboxField
        label={t`Time zone`}
        value={values.timeZone}
        onChange={(zone) => form.set('timeZone', zone)}
        options={zoneChoices}
        matches={zoneMatches}
        noMatches={t`No time zone has that name or offset.`}
        error={form.errors.timeZone}
        hint={zoneHint(values)}
      />
      <TextArea
        label={t`Place`}
        rows={2}
        {...form.field('place')}
        maxLength={limits.eventPlaceMax}
        hint={t`Venue and address, if there is one.`}
      />
      <div className={styles.coordinates}>
        <TextField
          label={t`Coordinates`}
          inputMode="decimal"
          placeholder="52.52, 13.40"
          {...form.field('coordinates')}
          error={form.errors.coordinates || locationError || undefined}
          hint={t`Latitude, longitude for the map link; may stay empty.`}
        />
        <UseMyLocationButton
          onLocating={() => setLocationError('')}
          onLocated={({ latitude, longitude }) => form.set('coordinates', `${latitude}, ${longitude}`)}
          onUnavailable={() => setLocationError(messages.event.locationUnavailable)}
        />
      </div>
      <TextField
        label={t`Capacity`}
        type="number"
        inputMode="numeric"
        min={1}
        max={limits.eventCapacityMax}
        {...form.field('capacity')}
        hint={t`Places for Going; empty for no limit. Past it, people join a waitlist.`}
      />
      <SelectField
        label={t`Repeats`}
        value={values.repeats}
        onChange={(event) => form.set('repeats', event.target.value as EventFieldValues['repeats'])}
        error={form.errors.repeats}
      >
        <option value="never">
          <Trans>Never</Trans>
        </option>
        <option value="weekly">
          <Trans>Weekly</Trans>
        </option>
        <option value="monthly">
          <Trans>Monthly</Trans>
        </option>
      </SelectField>
      {values.repeats !== 'never' && (
        <div className={styles.row}>
          <TextField label={t`Repeat until`} type="date" {...form.field('repeatUntil')} />
          <TextField
            label={t`Number of times`}
            type="number"
            inputMode="numeric"
            min={2}
            max={limits.eventRepeatCountMax}
            {...form.field('repeatCount')}
            hint={t`Or an end date.`}
          />
        </div>
      )}
      <TextField
        label={t`Website`}
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder={t`https://`}
        {...form.field('website')}
        maxLength={limits.websiteMax}
        required
      />
      <TextArea
        label={t`Description`}
        rows={5}
        {...form.field('description')}
        maxLength={limits.eventDescriptionMax}
        hint={`${values.description.length}/${limits.eventDescriptionMax}`}
        required
      />
      <AudienceSelect value={values.audience} onChange={(audience) => form.set('audience', audience)} />
    </>
  );
}

/** The browser's zone for a new event, under its current name (Chromium still says Asia/Calcutta). */
export const defaultTimeZone = () => currentZoneName(localTimeZone() || 'UTC');
