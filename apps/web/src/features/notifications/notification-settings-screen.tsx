/**
 * /settings/notifications: each type on or off in the app and, separately, as a push; and
 * "Push notifications", which subscribes this browser; and the one email there is, reminders
 * before events I am going to. Every checkbox saves on its own.
 * Push labels avoid the in-app names ("Likes"…), which tests and screen readers find by name.
 */

import type { NotificationPreferencesDto, NotificationPreferenceType } from '@glimpse/shared';
import { messages, notificationPreferenceTypes } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { ErrorMessage, SuccessMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { EmptyState, Page } from '@/components/page.tsx';
import { Skeleton } from '@/components/skeleton.tsx';
import { type PreferenceChange, useNotificationPreferences, useSetPreference } from './api/preferences.ts';
import { PushError, pushSupported, usePushSubscription, useSetPush } from './api/push-subscription.ts';
import styles from './notification-settings-screen.module.css';

const inAppLabels: Record<NotificationPreferenceType, string> = {
  get post_like() {
    return t`Likes`;
  },
  get post_comment() {
    return t`Comments`;
  },
  get mention() {
    return t`Mentions`;
  },
  get new_follower() {
    return t`New followers`;
  },
  get event_interest() {
    return t`Event interest`;
  },
  get event_reminder() {
    return t`Event reminders`;
  },
};

const pushLabels: Record<NotificationPreferenceType, string> = {
  get post_like() {
    return t`Push when my post is liked`;
  },
  get post_comment() {
    return t`Push when my post gets a comment`;
  },
  get mention() {
    return t`Push when I am mentioned`;
  },
  get new_follower() {
    return t`Push when someone follows me`;
  },
  get event_interest() {
    return t`Push when someone is interested in my event`;
  },
  get event_reminder() {
    return t`Push a day and an hour before events I’m going to`;
  },
};

type Clicked = Partial<Record<NotificationPreferenceType, boolean>>;

function Checkboxes({
  legend,
  channel,
  labels,
  preferences,
  onChange,
  disabled,
}: {
  legend: string;
  channel: 'inApp' | 'push';
  labels: Record<NotificationPreferenceType, string>;
  preferences: NotificationPreferencesDto;
  onChange: (change: PreferenceChange) => void;
  disabled?: boolean;
}) {
  // The box follows the click in the same render: the query cache's optimistic update arrives a
  // tick later, and until then React would put the controlled box back. Any new server state wins.
  const [clicks, setClicks] = useState({ basis: preferences, values: {} as Clicked });
  const clicked = clicks.basis === preferences ? clicks.values : {};
  return (
    <fieldset className={styles.card} disabled={disabled}>
      <legend className={styles.legend}>{legend}</legend>
      {notificationPreferenceTypes.map((type) => (
        <label key={type} className={styles.row}>
          <input
            type="checkbox"
            checked={clicked[type] ?? preferences[channel][type]}
            onChange={(e) => {
              const on = e.target.checked;
              setClicks({ basis: preferences, values: { ...clicked, [type]: on } });
              onChange({ channel, type, on });
            }}
          />
          <span>{labels[type]}</span>
        </label>
      ))}
    </fieldset>
  );
}

function PushSwitch({ vapidPublicKey }: { vapidPublicKey: string }) {
  const subscribed = usePushSubscription();
  const setPush = useSetPush(vapidPublicKey);
  const supported = pushSupported();
  const on = setPush.isPending ? Boolean(setPush.variables) : Boolean(subscribed.data);
  return (
    <div className={styles.card}>
      <label className={styles.row}>
        <input
          type="checkbox"
          checked={on}
          disabled={!supported || subscribed.isPending || setPush.isPending}
          aria-busy={setPush.isPending}
          onChange={(e) => setPush.mutate(e.target.checked)}
        />
        <span>
          <Trans>Push notifications</Trans>
        </span>
      </label>
      <p className={styles.hint}>
        {supported
          ? on
            ? messages.notifications.pushOn
            : messages.notifications.pushOff
          : messages.notifications.pushUnsupported}
      </p>
      {setPush.isError && (
        <ErrorMessage>
          {setPush.error instanceof PushError ? setPush.error.message : messages.notifications.pushFailed}
        </ErrorMessage>
      )}
    </div>
  );
}

export function NotificationSettingsScreen() {
  const preferences = useNotificationPreferences();
  const setPreference = useSetPreference();

  return (
    <Page title={t`Notification settings`} width="narrow">
      {preferences.isPending ? (
        <Skeleton height={320} />
      ) : preferences.isError ? (
        <EmptyState title={messages.common.somethingWentWrong}>
          <Button variant="secondary" onClick={() => void preferences.refetch()}>
            {messages.common.tryAgain}
          </Button>
        </EmptyState>
      ) : (
        <div className={styles.sections}>
          <Checkboxes
            legend={t`In the app`}
            channel="inApp"
            labels={inAppLabels}
            preferences={preferences.data}
            onChange={(change) => setPreference.mutate(change)}
          />
          <PushSwitch vapidPublicKey={preferences.data.vapidPublicKey} />
          <Checkboxes
            legend={t`Push`}
            channel="push"
            labels={pushLabels}
            preferences={preferences.data}
            onChange={(change) => setPreference.mutate(change)}
          />
          <fieldset className={styles.card}>
            <legend className={styles.legend}>
              <Trans>Email</Trans>
            </legend>
            <label className={styles.row}>
              <input
                type="checkbox"
                checked={preferences.data.email.event_reminder}
                onChange={(e) =>
                  setPreference.mutate({ channel: 'email', type: 'event_reminder', on: e.target.checked })
                }
              />
              <span>
                <Trans>Email a day and an hour before events I’m going to</Trans>
              </span>
            </label>
          </fieldset>
          {setPreference.isSuccess && (
            <SuccessMessage>{messages.notifications.preferencesSaved}</SuccessMessage>
          )}
        </div>
      )}
    </Page>
  );
}
