/**
 * The text fields of /addevent (Title, Date and Time from the native pickers, Website, Description)
 * and the form's checks around the shared schema.
 */

import { limits, messages } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { TextArea, TextField } from '@/components/field.tsx';
import type { FieldErrors } from '@/lib/use-form.ts';
import styles from './add-event-screen.module.css';
import { localTimeZone, startsAtFrom } from './format.ts';

export interface EventFieldValues {
  title: string;
  date: string;
  time: string;
  website: string;
  description: string;
}

type Values = EventFieldValues & { image: File | null };

const startOf = ({ date, time }: Values) => (date && time ? startsAtFrom(date, time) : null);

/** Date and Time each say when they are missing; the schema's one start time speaks under Date. */
function check(values: Values) {
  return {
    date: !values.date
      ? messages.event.dateRequired
      : values.time && !startOf(values)
        ? messages.event.startInvalid
        : '',
    time: values.time ? '' : messages.event.timeRequired,
  };
}

const fieldOf = (key: string, values: Values) =>
  key === 'startsAt' ? (startOf(values) ? 'date' : null) : key === 'imageId' ? 'image' : key;

/** The form's own rules around the shared CreateEventInput schema (useForm options). */
export const eventFormRules = {
  initial: { image: null, title: '', date: '', time: '', website: '', description: '' } as Values,
  check,
  input: (values: Values) => ({ ...values, startsAt: startOf(values) ?? '' }),
  fieldOf,
};

interface AddEventFieldsProps {
  form: {
    values: EventFieldValues;
    errors: FieldErrors;
    field: (name: keyof EventFieldValues) => {
      value: string;
      onChange: (event: { target: { value: string } }) => void;
      error: string | undefined;
    };
  };
}

export function AddEventFields({ form }: AddEventFieldsProps) {
  const { values } = form;
  return (
    <>
      <TextField
        label={t`Title`}
        {...form.field('title')}
        maxLength={limits.eventTitleMax}
        aria-required="true"
      />
      <div className={styles.row}>
        <TextField label={t`Date`} type="date" {...form.field('date')} aria-required="true" />
        <TextField
          label={t`Time`}
          type="time"
          {...form.field('time')}
          hint={t`Your time zone: ${localTimeZone()}`}
          aria-required="true"
        />
      </div>
      <TextField
        label={t`Website`}
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder={t`https://`}
        {...form.field('website')}
        maxLength={limits.websiteMax}
        aria-required="true"
      />
      <TextArea
        label={t`Description`}
        rows={5}
        {...form.field('description')}
        maxLength={limits.eventDescriptionMax}
        hint={`${values.description.length}/${limits.eventDescriptionMax}`}
        aria-required="true"
      />
    </>
  );
}
