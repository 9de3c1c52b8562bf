/**
 * /addevent: Title, Date, Time, Website and Description (all required, each with its own message),
 * the optional End date and End time, Time zone, Place, Capacity and Repeats, and an optional
 * Image. Date and Time are read on the chosen zone's clock and sent as one instant plus the zone
 * (DESIGN.md §4). Success opens the event.
 */

import { CreateEventInput, messages, paths } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { CalendarDays } from 'lucide-react';
import { useNavigate } from 'react-router';
import { ErrorMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { ImagePicker } from '@/components/image-picker.tsx';
import { Page } from '@/components/page.tsx';
import { useToast } from '@/components/toast.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useViewer } from '@/lib/session.ts';
import { useForm } from '@/lib/use-form.ts';
import { AddEventFields, defaultTimeZone, eventFormRules } from './add-event-fields.tsx';
import styles from './add-event-screen.module.css';
import { useCreateEvent } from './api/create-event.ts';

export function AddEventScreen() {
  const navigate = useNavigate();
  const toast = useToast();
  const createEvent = useCreateEvent();
  const me = useViewer();
  const form = useForm({
    ...eventFormRules,
    initial: {
      ...eventFormRules.initial,
      timeZone: defaultTimeZone(),
      // A private account's events start as followers only, as its posts do.
      audience: me.profile?.isPrivate ? ('followers' as const) : ('public' as const),
    },
    schema: CreateEventInput,
    onSubmit: async ({ imageId: _none, ...fields }, { image }) => {
      const { event, imageFailed } = await createEvent.mutateAsync({ ...fields, image });
      if (imageFailed) toast.error(messages.event.imageUploadFailed);
      navigate(paths.eventDetail(event.id));
    },
  });

  return (
    <Page title={t`Create event`}>
      <form className={styles.form} onSubmit={form.submit} noValidate>
        <div className={styles.picker}>
          <ImagePicker
            label={t`Image`}
            chooseText={t`Choose image`}
            changeText={t`Change image`}
            file={form.values.image}
            onChange={(file) => form.set('image', file)}
            error={form.errors.image}
            placeholder={
              <span className={styles.placeholder}>
                <CalendarDays aria-hidden="true" size={44} strokeWidth={1.5} />
                <span>
                  <Trans>Add a picture</Trans>
                </span>
                <span className={styles.optional}>
                  <Trans>Optional</Trans>
                </span>
              </span>
            }
          />
        </div>
        <div className={styles.fields}>
          <AddEventFields form={form} />
          {form.failure !== null && (
            <ErrorMessage>
              {messages.event.uploadFailed}
              {isApiError(form.failure) && <span className={styles.detail}>{form.failure.message}</span>}
            </ErrorMessage>
          )}
          <Button type="submit" busy={form.busy} busyLabel={messages.common.submitting}>
            <Trans>Submit</Trans>
          </Button>
        </div>
      </form>
    </Page>
  );
}
