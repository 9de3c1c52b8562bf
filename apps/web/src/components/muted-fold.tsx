/**
 * Folds a post or comment that contains one of the member's muted words, with a "Show anyway"
 * button that reveals it. The matching rule is the shared one (packages/shared/src/safety.ts).
 */

import { matchesMutedWord, postMatchesMutedWord } from '@glimpse/shared';
import { Trans } from '@lingui/react/macro';
import { EyeOff } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useMutedWords } from '@/lib/muted-words.ts';
import styles from './muted-fold.module.css';

interface MutedFoldProps {
  /** A comment's text, or a post, whose content warning is read as well as its caption. */
  text?: string;
  post?: { caption: string; contentWarning: string };
  /** "post" or "comment", for the sentence. */
  what: string;
  /** A grid tile: the fold keeps the square. */
  tile?: boolean;
  children: ReactNode;
}

export function MutedFold({ text = '', post, what, tile, children }: MutedFoldProps) {
  const words = useMutedWords();
  const [shown, setShown] = useState(false);
  const muted = post ? postMatchesMutedWord(post, words) : matchesMutedWord(text, words);
  if (shown || !muted) return <>{children}</>;
  return (
    <div className={`${styles.fold} ${tile ? styles.tile : ''}`}>
      <EyeOff aria-hidden="true" size={18} />
      <span>
        <Trans>This {what} contains a word you muted.</Trans>
      </span>
      <button type="button" className={styles.show} onClick={() => setShown(true)}>
        <Trans>Show anyway</Trans>
      </button>
    </div>
  );
}
