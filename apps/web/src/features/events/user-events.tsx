/**
 * A person's events, for /profile (with Delete and its confirmation) and /userpublicfeed/{uid}.
 * Self-contained: the profile screens only place it.
 */

import type { EventDto } from '@glimpse/shared';
import { messages, paths } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { CalendarPlus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ButtonLink } from '@/components/button.tsx';
import { ConfirmDialog } from '@/components/dialog.tsx';
import { EmptyState } from '@/components/page.tsx';
import { useDeleteEvent } from './api/delete-event.ts';
import { EventList } from './event-list.tsx';
import styles from './user-events.module.css';

export function UserEventList({ userId, canDelete = false }: { userId: string; canDelete?: boolean }) {
  const deleteEvent = useDeleteEvent();
  const [pendingDelete, setPendingDelete] = useState<EventDto | null>(null);

  return (
    <>
      <EventList
        list={{ kind: 'host', userId }}
        label={canDelete ? t`Your events` : t`Events`}
        empty={
          canDelete ? (
            <EmptyState icon={<CalendarPlus />} title={messages.event.emptyOwn}>
              <ButtonLink to={paths.addEvent}>
                <Trans>Create event</Trans>
              </ButtonLink>
            </EmptyState>
          ) : (
            <EmptyState title={messages.event.emptyUser} />
          )
        }
        itemActions={
          canDelete
            ? (event) => (
                <button
                  type="button"
                  className={styles.delete}
                  onClick={() => setPendingDelete(event)}
                  aria-label={t`Delete`}
                  title={t`Delete event`}
                >
                  <Trash2 aria-hidden="true" size={18} />
                </button>
              )
            : undefined
        }
      />
      {canDelete && (
        <ConfirmDialog
          open={pendingDelete !== null}
          title={t`Delete this event?`}
          message={pendingDelete ? messages.event.confirmDelete(pendingDelete.title) : ''}
          busy={deleteEvent.isPending}
          onCancel={() => setPendingDelete(null)}
          onConfirm={() =>
            pendingDelete && deleteEvent.mutate(pendingDelete.id, { onSettled: () => setPendingDelete(null) })
          }
        />
      )}
    </>
  );
}
