/** The side of /eventdetail/{id}: host, website, Interested, Add to calendar, and the host's Delete. */

import type { EventDto } from '@glimpse/shared';
import { messages, paths } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { CalendarPlus, ExternalLink, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AuthorLine } from '@/components/author-line.tsx';
import { Button, ButtonAnchor } from '@/components/button.tsx';
import { ConfirmDialog } from '@/components/dialog.tsx';
import { ReportButton } from '@/components/report-button.tsx';
import { reportContent } from '@/lib/report.ts';
import { useDeleteEvent } from './api/delete-event.ts';
import { calendarUrl } from './api/get-event.ts';
import styles from './event-detail-screen.module.css';
import { InterestedButton } from './interested-button.tsx';

/** The website as the host typed it, without the scheme: "jazz.example.com/tickets". */
function displayUrl(href: string) {
  try {
    const url = new URL(href);
    return `${url.host}${url.pathname === '/' ? '' : url.pathname}`;
  } catch {
    return href;
  }
}

export function EventSide({ event, isHost }: { event: EventDto; isHost: boolean }) {
  const navigate = useNavigate();
  const deleteEvent = useDeleteEvent();
  const [confirming, setConfirming] = useState(false);

  return (
    <>
      <div className={styles.side}>
        <div className={styles.host}>
          <span className={styles.label}>
            <Trans>Hosted by</Trans>
          </span>
          <AuthorLine author={event.host} />
        </div>
        <div className={styles.host}>
          <span className={styles.label}>
            <Trans>Website</Trans>
          </span>
          <a
            className={styles.website}
            href={event.website}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
          >
            <ExternalLink aria-hidden="true" size={16} />
            <span>{displayUrl(event.website)}</span>
          </a>
        </div>
        <div className={styles.actions}>
          <InterestedButton event={event} />
          <ButtonAnchor
            variant="secondary"
            href={calendarUrl(event.id)}
            download
            icon={<CalendarPlus aria-hidden="true" size={18} />}
          >
            <Trans>Add to calendar</Trans>
          </ButtonAnchor>
        </div>
        {!isHost && (
          <ReportButton
            label={t`Report event`}
            title={t`Report ${event.title}`}
            description={t`Tell our moderators what is wrong with this event. The host will not see who reported it.`}
            size="sm"
            send={(reason) => reportContent('event', event.id, reason)}
          />
        )}
        {isHost && (
          <Button
            variant="ghost"
            size="sm"
            icon={<Trash2 aria-hidden="true" size={16} />}
            onClick={() => setConfirming(true)}
            className={styles.delete}
          >
            <Trans>Delete event</Trans>
          </Button>
        )}
      </div>
      {isHost && (
        <ConfirmDialog
          open={confirming}
          title={t`Delete this event?`}
          message={messages.event.confirmDelete(event.title)}
          busy={deleteEvent.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            deleteEvent.mutate(event.id, {
              onSuccess: () => navigate(paths.events, { replace: true }),
              onSettled: () => setConfirming(false),
            })
          }
        />
      )}
    </>
  );
}
