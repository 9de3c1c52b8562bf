/** "New version available — Reload": shown when a new build's service worker is waiting. */
import { messages } from '@glimpse/shared';
import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/button.tsx';
import { activateWaitingWorker, useWaitingWorker } from './service-worker.ts';
import styles from './update-prompt.module.css';

export function UpdatePrompt() {
  const waiting = useWaitingWorker();
  if (!waiting) return null;
  return (
    <div role="status" className={styles.prompt}>
      <RefreshCw aria-hidden="true" size={18} />
      <span>{messages.notifications.newVersion}</span>
      <Button size="sm" onClick={activateWaitingWorker}>
        {messages.notifications.reload}
      </Button>
    </div>
  );
}
