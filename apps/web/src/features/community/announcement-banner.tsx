/**
 * The announcements showing now, above the home feed, each with Dismiss until the member dismisses
 * it. Nothing is drawn while none is showing (or while they load: the feed must not jump for it).
 */
import { messages } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Megaphone } from 'lucide-react';
import { Button } from '@/components/button.tsx';
import { useToast } from '@/components/toast.tsx';
import styles from './announcements.module.css';
import { useDismissAnnouncement, useShowingAnnouncements } from './api/announcements.ts';
import { LinkedText } from './linked-text.tsx';

export function AnnouncementBanner() {
  const showing = useShowingAnnouncements();
  const dismiss = useDismissAnnouncement();
  const toast = useToast();
  const announcements = showing.data ?? [];
  if (announcements.length === 0) return null;
  return (
    <section className={styles.banners} aria-label={t`Announcements`}>
      {announcements.map((announcement) => (
        <div key={announcement.id} className={styles.banner}>
          <Megaphone aria-hidden="true" size={20} className={styles.icon} />
          <p className={styles.text} dir="auto">
            <LinkedText text={announcement.text} />
          </p>
          <Button
            variant="ghost"
            size="sm"
            onClick={() =>
              dismiss.mutate(announcement.id, {
                onError: () => toast.error(messages.common.somethingWentWrong),
              })
            }
          >
            <Trans>Dismiss</Trans>
          </Button>
        </div>
      ))}
    </section>
  );
}
