/** /event: events of the accounts I follow and my own, upcoming first, with Create event and Calendar feed. */

import { messages, paths } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { CalendarPlus, CalendarX2 } from 'lucide-react';
import { ButtonLink } from '@/components/button.tsx';
import { EmptyState, Page } from '@/components/page.tsx';
import { CalendarFeedButton } from './calendar-feed.tsx';
import { EventList } from './event-list.tsx';

const actions = (
  <>
    <CalendarFeedButton />
    <ButtonLink to={paths.addEvent} icon={<CalendarPlus aria-hidden="true" size={18} />}>
      <Trans>Create event</Trans>
    </ButtonLink>
  </>
);

export function EventsScreen() {
  return (
    <Page title={t`Events`} actions={actions}>
      <EventList
        list={{ kind: 'followed' }}
        label={t`Events`}
        empty={<EmptyState icon={<CalendarX2 />} title={messages.event.noEvents} />}
      />
    </Page>
  );
}
