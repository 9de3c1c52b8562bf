/**
 * The side of /eventdetail/{id}: host, place and dates (given as children), website, Going,
 * Interested, Add to calendar, and the host's Edit, Cancel and Delete.
 */
import type { EventDto } from '@glimpse/shared';
import { httpUrl, messages, paths } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Ban, CalendarPlus, ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { AuthorLine } from '@/components/author-line.tsx';
import { Button, ButtonAnchor, ButtonLink } from '@/components/button.tsx';
import { ConfirmDialog } from '@/components/dialog.tsx';
import { ReportButton } from '@/components/report-button.tsx';
import { reportContent } from '@/lib/report.ts';
import { useDeleteEvent } from './api/delete-event.ts';
import { calendarUrl } from './api/get-event.ts';
import { useCancelEvent } from './api/update-event.ts';
import styles from './event-detail-screen.module.css';
import { GoingButton } from './going-button.tsx';
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

export function EventSide({
  event,
  isHost,
  children,
}: {
  event: EventDto;
  isHost: boolean;
  children?: ReactNode;
}) {
  const navigate = useNavigate();
  const deleteEvent = useDeleteEvent();
  const cancelEvent = useCancelEvent(event.id);
  const [confirming, setConfirming] = useState<'delete' | 'cancel' | null>(null);

  return (
    <>
      <div className={styles.side}>
        <div className={styles.host}>
          <span className={styles.label}>
            <Trans>Hosted by</Trans>
          </span>
          <AuthorLine author={event.host} />
        </div>
        {children}
        {/* Only http(s) becomes a link; a remote event may come without one. */}
        {httpUrl(event.website) && (
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
        )}
        <div className={styles.actions}>
          {!event.cancelled && <GoingButton event={event} />}
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
        {event.attendance.pending && (
          <p className={styles.zone} role="status">
            <Trans>Waiting for the host’s server to answer.</Trans>
          </p>
        )}
        {!isHost && (
          <ReportButton
            label={t`Report event`}
            title={t`Report ${event.title}`}
            description={t`Tell our moderators what is wrong with this event. The host will not see who reported it.`}
            size="sm"
            send={(reason, _forward, ruleIds) => reportContent('event', event.id, reason, false, ruleIds)}
          />
        )}
        {isHost && (
          <div className={styles.hostActions}>
            <ButtonLink
              variant="ghost"
              to={paths.editEvent(event.id)}
              icon={<Pencil aria-hidden="true" size={16} />}
            >
              <Trans>Edit event</Trans>
            </ButtonLink>
            {!event.cancelled && (
              <Button
                variant="ghost"
                size="sm"
                icon={<Ban aria-hidden="true" size={16} />}
                onClick={() => setConfirming('cancel')}
                className={styles.delete}
              >
                <Trans>Cancel event</Trans>
              </Button>
            )}
            <Button
              variant="ghost"
              size="sm"
              icon={<Trash2 aria-hidden="true" size={16} />}
              onClick={() => setConfirming('delete')}
              className={styles.delete}
            >
              <Trans>Delete event</Trans>
            </Button>
          </div>
        )}
      </div>
      {isHost && (
        <ConfirmDialog
          open={confirming === 'cancel'}
          title={t`Cancel this event?`}
          message={messages.event.confirmCancel(event.title)}
          busy={cancelEvent.isPending}
          onCancel={() => setConfirming(null)}
          onConfirm={() => cancelEvent.mutate(undefined, { onSettled: () => setConfirming(null) })}
        />
      )}
      {isHost && (
        <ConfirmDialog
          open={confirming === 'delete'}
          title={t`Delete this event?`}
          message={messages.event.confirmDelete(event.title)}
          busy={deleteEvent.isPending}
          onCancel={() => setConfirming(null)}
          onConfirm={() =>
            deleteEvent.mutate(event.id, {
              onSuccess: () => navigate(paths.events, { replace: true }),
              onSettled: () => setConfirming(null),
            })
          }
        />
      )}
    </>
  );
}
