/**
 * /addevent: Title, Date, Time, Website and Description (all required, each with its own message)
 * and an optional Image. Date and Time come from the native pickers and are sent as one instant
 * (DESIGN.md §4). Success opens the event.
 */
import { CreateEventInput, limits, messages, paths } from '@glimpse/shared';
import { CalendarDays } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { TextArea, TextField } from '@/components/field.tsx';
import { ImagePicker } from '@/components/image-picker.tsx';
import { Page } from '@/components/page.tsx';
import { useToast } from '@/components/toast.tsx';
import { isApiError } from '@/lib/api-client.ts';
import styles from './add-event-screen.module.css';
import { useCreateEvent } from './api/create-event.ts';
import { localTimeZone, startsAtFrom } from './format.ts';

type Field = 'title' | 'date' | 'time' | 'website' | 'description' | 'image';
type Errors = Partial<Record<Field, string>>;

/** Server and schema speak of one start time; the form shows its problems under Date. */
const fieldOf = (key: string): Field =>
  key === 'startsAt' ? 'date' : key === 'imageId' ? 'image' : (key as Field);

export function AddEventScreen() {
  const navigate = useNavigate();
  const toast = useToast();
  const createEvent = useCreateEvent();
  const [image, setImage] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [website, setWebsite] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const next: Errors = {};
    if (!date) next.date = messages.event.dateRequired;
    if (!time) next.time = messages.event.timeRequired;
    const startsAt = date && time ? startsAtFrom(date, time) : null;
    if (date && time && !startsAt) next.date = messages.event.startInvalid;
    const parsed = CreateEventInput.safeParse({ title, startsAt: startsAt ?? '', website, description });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = fieldOf(String(issue.path[0]));
        // Missing date or time already have their own message.
        if (field === 'date' && !startsAt) continue;
        next[field] ??= issue.message;
      }
    }
    setErrors(next);
    setFailure(null);
    if (!parsed.success || Object.keys(next).length > 0) return;
    createEvent.mutate(
      { ...parsed.data, image },
      {
        onSuccess: ({ event: created, imageFailed }) => {
          if (imageFailed) toast.error(messages.event.imageUploadFailed);
          navigate(paths.eventDetail(created.id));
        },
        onError: (error) => {
          if (!isApiError(error)) return;
          setFailure(error.message);
          setErrors(
            Object.fromEntries(Object.entries(error.fields).map(([key, message]) => [fieldOf(key), message])),
          );
        },
      },
    );
  }

  return (
    <Page title="Create event">
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.picker}>
          <ImagePicker
            label="Image"
            file={image}
            onChange={setImage}
            error={errors.image}
            placeholder={
              <span className={styles.placeholder}>
                <CalendarDays aria-hidden="true" size={44} strokeWidth={1.5} />
                <span>Add a picture</span>
                <span className={styles.optional}>Optional</span>
              </span>
            }
          />
        </div>
        <div className={styles.fields}>
          <TextField
            label="Title"
            value={title}
            maxLength={limits.eventTitleMax}
            onChange={(e) => setTitle(e.target.value)}
            error={errors.title}
            aria-required="true"
          />
          <div className={styles.row}>
            <TextField
              label="Date"
              type="date"
              value={date}
              onChange={(e) => setDate(e.target.value)}
              error={errors.date}
              aria-required="true"
            />
            <TextField
              label="Time"
              type="time"
              value={time}
              onChange={(e) => setTime(e.target.value)}
              error={errors.time}
              hint={`Your time zone: ${localTimeZone()}`}
              aria-required="true"
            />
          </div>
          <TextField
            label="Website"
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://"
            value={website}
            maxLength={limits.websiteMax}
            onChange={(e) => setWebsite(e.target.value)}
            error={errors.website}
            aria-required="true"
          />
          <TextArea
            label="Description"
            rows={5}
            value={description}
            maxLength={limits.eventDescriptionMax}
            onChange={(e) => setDescription(e.target.value)}
            error={errors.description}
            hint={`${description.length}/${limits.eventDescriptionMax}`}
            aria-required="true"
          />
          {createEvent.isError && (
            <ErrorMessage>
              {messages.event.uploadFailed}
              {failure && <span className={styles.detail}>{failure}</span>}
            </ErrorMessage>
          )}
          <Button type="submit" busy={createEvent.isPending} busyLabel={messages.common.submitting}>
            Submit
          </Button>
        </div>
      </form>
    </Page>
  );
}
