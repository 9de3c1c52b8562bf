/**
 * A post's content warning: its words, then Show (aria-expanded) before the caption and photos,
 * which stay out of the page until then. A warned post is sensitive, and this is its only cover:
 * its photos are not blurred a second time once shown (`SensitiveMedia` leaves warned posts to
 * this). Posts open expanded for a member who chose "Always expand content warnings".
 */

import { messages } from '@glimpse/shared';
import { TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { useAuth } from '@/lib/session.ts';
import { Button } from './button.tsx';
import styles from './content-warning.module.css';

export interface ContentWarningState {
  warning: string;
  /** Caption and photos are shown: no warning, or Show was pressed, or the member always expands. */
  expanded: boolean;
  toggle: () => void;
  /** The ids of the regions Show reveals, for aria-controls. */
  mediaId: string;
  captionId: string;
}

export function useContentWarning(warning: string): ContentWarningState {
  const auth = useAuth();
  const alwaysExpand = auth.status === 'signedIn' && auth.me.preferences.expandContentWarnings;
  const [opened, setOpened] = useState(alwaysExpand);
  const id = useId();
  return {
    warning,
    expanded: warning === '' || opened,
    toggle: () => setOpened((was) => !was),
    mediaId: `${id}-media`,
    captionId: `${id}-caption`,
  };
}

/** The warning's words and its Show / Hide button; nothing for a post without a warning. */
export function ContentWarningBar({ state }: { state: ContentWarningState }) {
  if (state.warning === '') return null;
  return (
    <div className={styles.bar}>
      <TriangleAlert aria-hidden="true" size={20} className={styles.icon} />
      <p className={styles.text} dir="auto">
        {state.warning}
      </p>
      <Button
        variant="secondary"
        size="sm"
        aria-expanded={state.expanded}
        aria-controls={`${state.mediaId} ${state.captionId}`}
        onClick={state.toggle}
      >
        {state.expanded ? messages.contentWarnings.hide : messages.contentWarnings.show}
      </Button>
    </div>
  );
}

/**
 * Whether a post's photos are blurred behind the sensitive-media cover: sensitive, and no warning
 * (a warned post's Show already revealed them).
 */
export const blurredAsSensitive = (post: { sensitive: boolean; contentWarning: string }) =>
  post.sensitive && post.contentWarning === '';
