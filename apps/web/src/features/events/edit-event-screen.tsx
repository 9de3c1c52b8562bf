/**
 * /editevent/{id}: the host changes the fields of /addevent (the picture stays). Saving tells
 * everyone going or waiting when the time or place changed (the server decides); anyone else
 * opening this address sees the event's own "only the host" answer from the server on save, and
 * the link to it is only shown to the host.
 */
import { type EventDto, messages, paths, UpdateEventInput } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useNavigate, useParams } from 'react-router';
import { ErrorMessage } from '@/components/alert.tsx';
import { Button, ButtonLink } from '@/components/button.tsx';
import { Page } from '@/components/page.tsx';
import { useToast } from '@/components/toast.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useViewer } from '@/lib/session.ts';
import { useForm } from '@/lib/use-form.ts';
import { AddEventFields, eventFormRules, valuesOfEvent } from './add-event-fields.tsx';
import styles from './add-event-screen.module.css';
import { useEvent } from './api/get-event.ts';
import { useUpdateEvent } from './api/update-event.ts';
import { EventDetailFailed, EventDetailLoading } from './event-detail-states.tsx';

export function EditEventScreen() {
  const { id = '' } = useParams();
  const me = useViewer();
  const { data: event, isPending, isError, error, refetch } = useEvent(id, 0);
  if (isPending) return <EventDetailLoading />;
  if (isError) return <EventDetailFailed error={error} retry={() => void refetch()} />;
  if (event.host.userId !== me.user.id) {
    return (
      <Page title={t`Edit event`}>
        <ErrorMessage>{messages.event.onlyHostEdits}</ErrorMessage>
      </Page>
    );
  }
  return <EditEventForm event={event} />;
}

function EditEventForm({ event }: { event: EventDto }) {
  const navigate = useNavigate();
  const toast = useToast();
  const update = useUpdateEvent(event.id);
  const form = useForm({
    ...eventFormRules,
    initial: valuesOfEvent(event),
    schema: UpdateEventInput,
    onSubmit: async (fields) => {
      await update.mutateAsync(fields);
      toast.success(messages.event.saved);
      navigate(paths.eventDetail(event.id));
    },
  });
  return (
    <Page title={t`Edit event`}>
      <form className={`${styles.form} ${styles.single}`} onSubmit={form.submit} noValidate>
        <div className={styles.fields}>
          <AddEventFields form={form} />
          {form.failure !== null && (
            <ErrorMessage>
              {isApiError(form.failure) ? form.failure.message : messages.common.somethingWentWrong}
            </ErrorMessage>
          )}
          <div className={styles.buttons}>
            <Button type="submit" busy={form.busy} busyLabel={messages.common.submitting}>
              <Trans>Save</Trans>
            </Button>
            <ButtonLink variant="secondary" to={paths.eventDetail(event.id)}>
              <Trans>Back to event</Trans>
            </ButtonLink>
          </div>
        </div>
      </form>
    </Page>
  );
}
