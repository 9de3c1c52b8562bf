/**
 * /admin/announcements (admins): publish an announcement (Announcement, Starts, Ends (optional)),
 * and delete any. Members see each as a banner on the home feed between its start and its end.
 */
import type { AnnouncementDto } from '@glimpse/shared';
import { AnnouncementInput, limits, messages } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Megaphone } from 'lucide-react';
import { ErrorMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { TextArea, TextField } from '@/components/field.tsx';
import { EmptyState, Page } from '@/components/page.tsx';
import { Row, RowActions, RowList } from '@/components/row-list.tsx';
import { Skeleton } from '@/components/skeleton.tsx';
import { useToast } from '@/components/toast.tsx';
import { actionableMessage } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/format.ts';
import { useForm } from '@/lib/use-form.ts';
import styles from './announcements.module.css';
import { useAllAnnouncements, useDeleteAnnouncement, usePublishAnnouncement } from './api/announcements.ts';
import community from './community.module.css';
import { LinkedText } from './linked-text.tsx';

/** A `datetime-local` value (the browser's wall clock) for `date`. */
function localInputValue(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** The instant a `datetime-local` value names on this browser's clock; unreadable stays unreadable for the schema. */
function instantOf(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

function PublishForm() {
  const publish = usePublishAnnouncement();
  const toast = useToast();
  const form = useForm({
    initial: { text: '', startsAt: localInputValue(new Date()), endsAt: '' },
    schema: AnnouncementInput,
    input: (values) => ({
      text: values.text,
      startsAt: instantOf(values.startsAt),
      endsAt: values.endsAt ? instantOf(values.endsAt) : null,
    }),
    onSubmit: async (input) => {
      await publish.mutateAsync(input);
      toast.success(messages.announcements.published);
      form.reset();
    },
  });
  const failure = form.failure
    ? actionableMessage(form.failure, messages.common.somethingWentWrong)
    : undefined;
  return (
    <form className={community.form} onSubmit={form.submit} noValidate>
      <TextArea
        label={t`Announcement`}
        rows={3}
        maxLength={limits.announcementMax}
        required
        hint={t`Links in the text become links; nothing else is formatted.`}
        {...form.field('text')}
      />
      <div className={community.inline}>
        <TextField label={t`Starts`} type="datetime-local" required {...form.field('startsAt')} />
        <TextField label={t`Ends (optional)`} type="datetime-local" {...form.field('endsAt')} />
      </div>
      <ErrorMessage>{failure}</ErrorMessage>
      <div>
        <Button type="submit" busy={form.busy} busyLabel={messages.common.submitting}>
          <Trans>Publish</Trans>
        </Button>
      </div>
    </form>
  );
}

function AnnouncementRow({ announcement }: { announcement: AnnouncementDto }) {
  const remove = useDeleteAnnouncement();
  const toast = useToast();
  const starts = formatDateTime(announcement.startsAt);
  const ends = announcement.endsAt ? formatDateTime(announcement.endsAt) : null;
  return (
    <Row stacked>
      <span className={community.strong} dir="auto">
        <LinkedText text={announcement.text} />
      </span>
      <span className={styles.window}>
        {ends ? (
          <Trans>
            From {starts} to {ends}
          </Trans>
        ) : (
          <Trans>From {starts}, until deleted</Trans>
        )}
      </span>
      <RowActions>
        <Button
          variant="ghost"
          size="sm"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(announcement.id, {
              onSuccess: () => toast.success(messages.announcements.deleted),
              onError: () => toast.error(messages.common.somethingWentWrong),
            })
          }
        >
          <Trans>Delete</Trans>
        </Button>
      </RowActions>
    </Row>
  );
}

export function AnnouncementsScreen() {
  const all = useAllAnnouncements();
  const announcements = all.data ?? [];
  return (
    <Page title={t`Announcements`} width="narrow">
      <p className={community.hint}>
        <Trans>
          Every member sees an announcement above their feed from its start until its end, until they dismiss
          it.
        </Trans>
      </p>
      <PublishForm />
      {all.isPending ? (
        <Skeleton height={120} />
      ) : all.isError ? (
        <ErrorMessage>{messages.announcements.loadFailed}</ErrorMessage>
      ) : announcements.length === 0 ? (
        <EmptyState icon={<Megaphone />} title={t`No announcements yet.`} />
      ) : (
        <RowList label={t`Announcements`}>
          {announcements.map((announcement) => (
            <AnnouncementRow key={announcement.id} announcement={announcement} />
          ))}
        </RowList>
      )}
    </Page>
  );
}
